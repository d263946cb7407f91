/**
 * A target field's name on screen: the fixed fields of equipment in the user's language, the rest
 * (attributes and cycles, named by the catalogue; other kinds' fields) as the server names them.
 */
import type { TFunction } from 'i18next';
import { EQUIPMENT_FIXED_FIELDS, type TargetField } from '../../../shared/imports/schemas.ts';

const FIXED: ReadonlySet<string> = new Set(EQUIPMENT_FIXED_FIELDS);

export function fieldLabel(t: TFunction, field: Pick<TargetField, 'field' | 'label'>): string {
  return FIXED.has(field.field) ? t(`fields.${field.field}`) : field.label;
}
