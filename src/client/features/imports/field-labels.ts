/**
 * A target field's name on screen: the fixed fields of equipment and the fields of the companies and
 * users kinds in the user's language; attributes and cycles, named by the catalogue, as the server
 * names them.
 */
import type { TFunction } from 'i18next';
import { COMPANY_IMPORT_FIELDS, USER_IMPORT_FIELDS } from '../../../shared/imports/people.ts';
import { EQUIPMENT_FIXED_FIELDS, type TargetField } from '../../../shared/imports/schemas.ts';

const FIXED: ReadonlySet<string> = new Set(EQUIPMENT_FIXED_FIELDS);
const PEOPLE: ReadonlySet<string> = new Set([
  ...COMPANY_IMPORT_FIELDS.map((f) => f.field),
  ...USER_IMPORT_FIELDS.map((f) => f.field),
]);

export function fieldLabel(t: TFunction, field: Pick<TargetField, 'field' | 'label'>): string {
  if (FIXED.has(field.field)) return t(`fields.${field.field}`);
  if (PEOPLE.has(field.field)) return t(`peopleFields.${field.field}`, { defaultValue: field.label });
  return field.label;
}
