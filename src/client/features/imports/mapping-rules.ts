/**
 * The column-mapping step's rules, pure (tests/unit/imports-mapping.test.ts): the mapping the
 * screen starts from, choosing a field for a column, and which required fields are still unmapped.
 * The server checks the same on `imports.dryRun` (IMPORT_MAPPING_REQUIRED / _DUPLICATE); the
 * screen says it before the user goes on.
 */
import type { ImportMapping, TargetField } from '../../../shared/imports/schemas.ts';

/** What the select shows for "skip this column". */
export const IGNORED = '';

/** Groups whose required fields are alternatives: a row names its company by CNPJ *or* by name. */
const ALTERNATIVE_GROUPS: ReadonlySet<TargetField['group']> = new Set(['company', 'product']);

/**
 * Every header of the file → its field or null, from the server's (remembered or guessed) mapping.
 * A field the file's fields do not offer (a remembered attribute since removed) starts ignored,
 * and a field given to two columns stays with the first.
 */
export function initialMapping(
  headers: readonly string[],
  suggested: ImportMapping,
  fields: readonly TargetField[],
): ImportMapping {
  const known = new Set(fields.map((f) => f.field));
  const used = new Set<string>();
  const out: ImportMapping = {};
  for (const h of headers) {
    const f = Object.hasOwn(suggested, h) ? suggested[h] : null;
    if (f && known.has(f) && !used.has(f)) {
      out[h] = f;
      used.add(f);
    } else out[h] = null;
  }
  return out;
}

/**
 * The mapping with `header` → `field` (null: ignored). A field maps from one column only: the
 * column that had it before is set to ignored, as the server refuses a field given twice.
 */
export function withTarget(mapping: ImportMapping, header: string, field: string | null): ImportMapping {
  const out: ImportMapping = {};
  for (const [h, f] of Object.entries(mapping)) out[h] = field !== null && f === field ? null : f;
  out[header] = field;
  return out;
}

/** A required field (or a set of alternatives, any one of which will do) no column maps to. */
export interface MissingRequirement {
  fields: readonly TargetField[];
}

/** The required fields no column maps to, in the fields' order; alternatives grouped. */
export function missingRequired(
  fields: readonly TargetField[],
  mapping: ImportMapping,
): MissingRequirement[] {
  const mapped = new Set(Object.values(mapping).filter((f): f is string => !!f));
  const out: MissingRequirement[] = [];
  const byGroup = new Map<TargetField['group'], TargetField[]>();
  for (const f of fields) {
    if (!f.required) continue;
    if (!ALTERNATIVE_GROUPS.has(f.group)) {
      if (!mapped.has(f.field)) out.push({ fields: [f] });
      continue;
    }
    const alternatives = byGroup.get(f.group);
    if (alternatives) alternatives.push(f);
    else {
      const list = [f];
      byGroup.set(f.group, list);
      out.push({ fields: list });
    }
  }
  return out.filter((r) => !r.fields.some((f) => mapped.has(f.field)));
}

/** The fields for a column's select, in the server's order, grouped by their group. */
export function fieldGroups(
  fields: readonly TargetField[],
): { group: TargetField['group']; fields: TargetField[] }[] {
  const out: { group: TargetField['group']; fields: TargetField[] }[] = [];
  for (const f of fields) {
    const last = out.find((g) => g.group === f.group);
    if (last) last.fields.push(f);
    else out.push({ group: f.group, fields: [f] });
  }
  return out;
}

/** How many columns go into some field. */
export function mappedColumns(mapping: ImportMapping): number {
  return Object.values(mapping).filter((f) => !!f).length;
}
