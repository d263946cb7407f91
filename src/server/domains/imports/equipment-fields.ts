/**
 * The target fields of an equipment import (issue 31): the fixed ones, one per attribute name of the
 * enabled inspection types (`attr:<id>`, the first attribute of that name; a row's value goes to
 * the attribute of that name on its product's type) and one per cycle code (`cycle:<code>`, its
 * last-done day). Labels are the template's headers, and the equipment export's where it has the
 * column (Produto, SKU, Identificação, Número de controle, Tag, Empresa, Vencimento, attribute
 * names, "<ciclo>: última realização"), so an export imports back with the guessed mapping.
 */
import { sql } from 'kysely';
import { normalizeHeader } from '../../../shared/imports/rules.ts';
import type { Db } from '../../kit/tenant-tx.ts';
import type { KindField } from './kinds.ts';

const fixed = (
  field: string,
  label: string,
  group: KindField['group'],
  aliases: string[],
  type: 'TEXT' | 'DATE' = 'TEXT',
): KindField => ({ field, label, group, type, required: false, inspectionTypeId: null, aliases });

export const EQUIPMENT_FIXED: readonly KindField[] = [
  fixed('companyCnpj', 'CNPJ da empresa', 'company', ['CNPJ']),
  fixed('companyName', 'Empresa', 'company', ['Nome da empresa', 'Razão social', 'Cliente']),
  { ...fixed('productSku', 'SKU', 'product', ['Código do produto', 'SKU do produto']), required: true },
  { ...fixed('productName', 'Produto', 'product', ['Nome do produto', 'Equipamento']), required: true },
  fixed('tagSerialNumber', 'Tag', 'equipment', ['Número de série da tag', 'Serial', 'Série', 'Etiqueta']),
  fixed('extraLabel', 'Identificação', 'equipment', ['Localização', 'Local', 'Descrição']),
  fixed('extraCode', 'Número de controle', 'equipment', [
    'Nº de controle',
    'Controle',
    'Número do equipamento',
  ]),
  fixed('dueDate', 'Vencimento', 'equipment', ['Data de vencimento', 'Validade'], 'DATE'),
];

/** `cycle:<code>`'s header: the equipment export's "<name>: última realização". */
export function cycleLabel(name: string): string {
  return `${name}: última realização`;
}

/** The fields of an equipment import: of every enabled type, or of `inspectionTypeId` only. */
export async function equipmentTargetFields(db: Db, inspectionTypeId?: number | null): Promise<KindField[]> {
  let attrs = db
    .selectFrom('inspection_type_attributes as a')
    .innerJoin('inspection_types as it', 'it.id', 'a.inspection_type_id')
    .select(['a.id', 'a.attribute', 'a.type', 'a.inspection_type_id'])
    .where('a.enabled', '=', true)
    .orderBy('a.inspection_type_id')
    .orderBy('a.position')
    .orderBy('a.id');
  let cycles = db
    .selectFrom('maintenance_cycles as mc')
    .innerJoin('inspection_types as it', 'it.id', 'mc.inspection_type_id')
    .select(['mc.code', 'mc.name', 'mc.inspection_type_id'])
    .orderBy('mc.inspection_type_id')
    .orderBy(sql`mc.product_id nulls first`)
    .orderBy('mc.position')
    .orderBy('mc.id');
  if (inspectionTypeId) {
    attrs = attrs.where('a.inspection_type_id', '=', inspectionTypeId);
    cycles = cycles.where('mc.inspection_type_id', '=', inspectionTypeId).where('mc.product_id', 'is', null);
  } else {
    attrs = attrs.where('it.enabled', '=', true);
    cycles = cycles.where('it.enabled', '=', true);
  }
  const [a, c] = await Promise.all([attrs.execute(), cycles.execute()]);
  const out: KindField[] = [...EQUIPMENT_FIXED];
  const names = new Set(out.map((f) => normalizeHeader(f.label)));
  for (const x of a) {
    const key = normalizeHeader(x.attribute);
    if (names.has(key)) continue;
    names.add(key);
    out.push({
      field: `attr:${x.id}`,
      label: x.attribute,
      group: 'attribute',
      type: x.type,
      required: false,
      inspectionTypeId: inspectionTypeId ? x.inspection_type_id : null,
    });
  }
  const codes = new Set<string>();
  for (const x of c) {
    if (codes.has(x.code)) continue;
    codes.add(x.code);
    out.push({
      field: `cycle:${x.code}`,
      label: cycleLabel(x.name),
      group: 'cycle',
      type: 'DATE',
      required: false,
      inspectionTypeId: inspectionTypeId ? x.inspection_type_id : null,
    });
  }
  return out;
}
