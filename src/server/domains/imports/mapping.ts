/**
 * The column mapping (issue 31): checked against the kind's fields (each target known and used by
 * one column, the required groups present), remembered per company (0: the group) and kind when a
 * run is confirmed, and answered by the preview — the remembered one when the company has it,
 * else one guessed from the headers.
 */
import { guessMapping } from '../../../shared/imports/rules.ts';
import type { ImportKind, ImportMapping } from '../../../shared/imports/schemas.ts';
import { AppError } from '../../errors.ts';
import type { Db } from '../../kit/tenant-tx.ts';
import type { AnyImportKind, KindField } from './kinds.ts';

/** The mapping restricted to the file's headers; 400 for an unknown, repeated or missing field. */
export function checkMapping(
  def: AnyImportKind,
  fields: readonly KindField[],
  headers: readonly string[],
  mapping: ImportMapping,
): { mapping: ImportMapping; mapped: Set<string> } {
  const known = new Set(fields.map((f) => f.field));
  const out: ImportMapping = {};
  const mapped = new Set<string>();
  for (const h of headers) {
    const field = mapping[h] ?? null;
    out[h] = field;
    if (field === null) continue;
    if (!known.has(field)) throw new AppError('IMPORT_MAPPING_INVALID', { params: { column: h, field } });
    if (mapped.has(field)) throw new AppError('IMPORT_MAPPING_DUPLICATE', { params: { field } });
    mapped.add(field);
  }
  for (const group of def.requiredAnyOf)
    if (!group.some((f) => mapped.has(f))) {
      const label = fields.find((f) => f.field === group[0])?.label ?? group[0]!;
      throw new AppError('IMPORT_MAPPING_REQUIRED', { params: { field: label } });
    }
  return { mapping: out, mapped };
}

/** The company's remembered mapping of `kind`, or null. */
export async function rememberedMapping(db: Db, companyId: number | null, kind: ImportKind) {
  const row = await db
    .selectFrom('import_mappings')
    .select('mapping')
    .where('company_id', '=', companyId ?? 0)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.mapping ?? null;
}

/** Remembers the mapping a run was confirmed with. */
export async function rememberMapping(
  db: Db,
  companyId: number | null,
  kind: ImportKind,
  mapping: ImportMapping,
) {
  await db
    .insertInto('import_mappings')
    .values({ company_id: companyId ?? 0, kind, mapping: JSON.stringify(mapping) })
    .onConflict((oc) =>
      oc
        .columns(['company_id', 'kind'])
        // The time from here, not now(): Citus refuses a non-immutable function in DO UPDATE SET.
        .doUpdateSet({ mapping: JSON.stringify(mapping), updated_at: new Date() }),
    )
    .execute();
}

/**
 * The mapping the preview proposes: the remembered one for the headers it knows (a field it names
 * that the kind no longer has is dropped), the guess for the others; `remembered` when it had any.
 */
export function proposedMapping(
  headers: readonly string[],
  fields: readonly KindField[],
  remembered: ImportMapping | null,
): { mapping: ImportMapping; source: 'remembered' | 'guessed' } {
  const guess = guessMapping(headers, fields);
  if (!remembered || !headers.some((h) => h in remembered)) return { mapping: guess, source: 'guessed' };
  const known = new Set(fields.map((f) => f.field));
  const out: ImportMapping = {};
  const used = new Set<string>();
  for (const h of headers) {
    const r = remembered[h];
    const f = h in remembered ? (r && known.has(r) ? r : null) : guess[h]!;
    out[h] = f && !used.has(f) ? f : null;
    if (f) used.add(f);
  }
  return { mapping: out, source: 'remembered' };
}
