/**
 * An equipment row's cells read by the form's rules (issue 31 item 2), pure: texts trimmed and held
 * to the register form's limits (`registerEquipmentSchema`: label 120, control number 60, attribute
 * value 500), the tag serial as `serialField` takes it, days through `parseDay`, a DATE attribute a
 * real day, a cycle's last-done day not after today. What needs the database (company, product, the
 * product's attributes and cycles, the tag) is checked by the server per chunk.
 */
import { retestBeforeManufacture } from '../equipment/status.ts';
import { attributeFieldId, cycleFieldCode } from './schemas.ts';
import { attributeProblem } from '../field/answer-rules.ts';
import { cellText, cnpjKey, normalizeHeader, parseDay } from './rules.ts';

/** A problem of one field of a row (the server turns `field` into the source column). */
export interface FieldProblem {
  field: string | null;
  code: string;
  params?: Record<string, string | number>;
}

export interface EquipmentDraft {
  companyCnpj: string | null;
  companyName: string | null;
  productSku: string | null;
  productName: string | null;
  tagSerialNumber: string | null;
  extraLabel: string | null;
  extraCode: string | null;
  dueDate: string | null;
  /** non-empty values as typed, by the attribute's name (checked on the product's type: `typedAttributeValues`) */
  attributes: { field: string; name: string; value: string }[];
  /** last-done days by cycle code */
  cycles: { code: string; day: string }[];
}

const SERIAL = /^[0-9A-Z]{4,32}$/;
const LIMITS = { extraLabel: 120, extraCode: 60, productSku: 120, productName: 250, companyName: 250 };

/** The attribute types the mapping names (loaded once per file): `attr:<id>` → its type and name. */
export type MappedAttributes = ReadonlyMap<number, { attribute: string; type: 'TEXT' | 'DATE' }>;

/** Reads a row's values (by target field) into a draft, with every problem the cells alone show. */
export function parseEquipmentCells(
  values: Readonly<Record<string, string>>,
  opts: { today: string; attributes: MappedAttributes },
): { draft: EquipmentDraft; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const text = (field: keyof typeof LIMITS | 'tagSerialNumber' | 'companyCnpj') => {
    const v = cellText(values[field]);
    if (v === '') return null;
    const max = field in LIMITS ? LIMITS[field as keyof typeof LIMITS] : 60;
    if (v.length > max) {
      problems.push({ field, code: 'IMPORT_TEXT_TOO_LONG', params: { max } });
      return null;
    }
    return v;
  };
  const day = (field: string) => {
    const d = parseDay(values[field] ?? '');
    if (d === 'invalid') problems.push({ field, code: 'IMPORT_DATE_INVALID' });
    return d === 'invalid' ? null : d;
  };
  const serial = text('tagSerialNumber')?.toUpperCase() ?? null;
  if (serial && !SERIAL.test(serial))
    problems.push({ field: 'tagSerialNumber', code: 'IMPORT_SERIAL_INVALID' });
  const cnpj = text('companyCnpj');
  const draft: EquipmentDraft = {
    companyCnpj: cnpj ? cnpjKey(cnpj) : null,
    companyName: text('companyName'),
    productSku: text('productSku'),
    productName: text('productName'),
    tagSerialNumber: serial && SERIAL.test(serial) ? serial : null,
    extraLabel: text('extraLabel'),
    extraCode: text('extraCode'),
    dueDate: day('dueDate'),
    attributes: [],
    cycles: [],
  };
  if (!draft.productSku && !draft.productName && !problems.some((p) => p.field?.startsWith('product')))
    problems.push({
      field: values.productSku !== undefined ? 'productSku' : 'productName',
      code: 'IMPORT_VALUE_REQUIRED',
    });
  if (!serial && !draft.extraCode && !problems.some((p) => p.field === 'extraCode'))
    problems.push({ field: null, code: 'IMPORT_KEY_MISSING' });
  readAttributes(values, opts.attributes, draft, problems);
  for (const [field, raw] of Object.entries(values)) {
    const code = cycleFieldCode(field);
    if (!code || cellText(raw) === '') continue;
    const d = day(field);
    if (d && d > opts.today) problems.push({ field, code: 'IMPORT_DATE_IN_FUTURE' });
    else if (d) draft.cycles.push({ code, day: d });
  }
  return { draft, problems };
}

function readAttributes(
  values: Readonly<Record<string, string>>,
  attributes: MappedAttributes,
  draft: EquipmentDraft,
  problems: FieldProblem[],
): void {
  for (const [field, raw] of Object.entries(values)) {
    const id = attributeFieldId(field);
    const v = cellText(raw);
    const a = id === null ? undefined : attributes.get(id);
    if (!a || v === '') continue;
    if (v.length > 500) problems.push({ field, code: 'IMPORT_TEXT_TOO_LONG', params: { max: 500 } });
    else draft.attributes.push({ field, name: a.attribute, value: v });
  }
}

/** An attribute of the product's inspection type, as the register form checks it. */
export interface TypeAttributeRule {
  id: number;
  attribute: string;
  type: 'TEXT' | 'DATE';
  enabled: boolean;
}

/**
 * A row's attribute values on its product's type: each column's attribute is the type's attribute
 * of the same name (accent/case-insensitive: a file may mix types that share "Data de fabricação"),
 * a DATE typed as `parseDay` reads it; then the form's rules (`attributeProblem`: one of the type's,
 * enabled; `retestBeforeManufacture`). Answers the values to store or the problems, by column.
 */
export function typedAttributeValues(
  given: EquipmentDraft['attributes'],
  typeAttributes: readonly TypeAttributeRule[],
): { values: { attributeId: number; value: string }[]; problems: FieldProblem[] } {
  const byName = new Map(typeAttributes.map((a) => [normalizeHeader(a.attribute), a]));
  const problems: FieldProblem[] = [];
  const values: { attributeId: number; value: string; field: string }[] = [];
  for (const g of given) {
    const a = byName.get(normalizeHeader(g.name));
    const day = a?.type === 'DATE' ? parseDay(g.value) : g.value;
    if (!a || day === 'invalid' || day === null) {
      const attributeId = a?.id ?? attributeFieldId(g.field) ?? 0;
      problems.push({
        field: g.field,
        code: 'EQUIPMENT_ATTRIBUTE_INVALID',
        params: { attribute: g.name, attributeId },
      });
    } else values.push({ attributeId: a.id, value: day, field: g.field });
  }
  const bad = attributeProblem(typeAttributes, values);
  if (bad)
    problems.push({
      field: values[bad.index]!.field,
      code: bad.code,
      params: { attribute: bad.attribute, attributeId: bad.attributeId },
    });
  const retest = retestBeforeManufacture(
    values.map((v) => ({ ...typeAttributes.find((a) => a.id === v.attributeId)!, value: v.value })),
  );
  if (retest >= 0) {
    const v = values[retest]!;
    const a = typeAttributes.find((x) => x.id === v.attributeId)!;
    problems.push({
      field: v.field,
      code: 'EQUIPMENT_RETEST_BEFORE_MANUFACTURE',
      params: { attribute: a.attribute, attributeId: a.id },
    });
  }
  return { values: values.map(({ attributeId, value }) => ({ attributeId, value })), problems };
}
