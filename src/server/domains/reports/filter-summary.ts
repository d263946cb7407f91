/**
 * The filters of an export in words, for the PDF's first page ("Status: Vencido", "Cadastro:
 * 01/01/2026 – 31/01/2026", "Categoria: Combate a Incêndio"…): ids become the names they have now.
 */
import { formatDate } from '../../../shared/dates.ts';
import type { SortDirection } from '../../../shared/list.ts';
import type { ReportKind } from '../../../shared/reports/schemas.ts';
import { coreDb } from '../../db/database.ts';
import type { Db } from '../../kit/tenant-tx.ts';
import type { EquipmentReportFilters } from '../equipment/index.ts';
import { EXPIRATION_LABELS, SORT_LABELS, STATUS_LABELS } from './labels.ts';

type Filters = EquipmentReportFilters & { sort: string; direction: SortDirection };

/** "01/01/2026 – 31/01/2026", "a partir de 01/01/2026", "até 31/01/2026"; null without either. */
export function dayRange(from?: string, upTo?: string): string | null {
  if (from && upTo) return `${formatDate(from)} – ${formatDate(upTo)}`;
  if (from) return `a partir de ${formatDate(from)}`;
  if (upTo) return `até ${formatDate(upTo)}`;
  return null;
}

async function names(db: Db, f: Filters) {
  const one = async <T>(id: number | undefined, q: (id: number) => Promise<T | undefined>) =>
    id === undefined ? undefined : ((await q(id)) ?? null);
  const [category, type, product, company, cycle] = await Promise.all([
    one(f.categoryId, (id) =>
      db.selectFrom('categories').select('name').where('id', '=', id).executeTakeFirst(),
    ),
    one(f.inspectionTypeId, (id) =>
      db.selectFrom('inspection_types').select('name').where('id', '=', id).executeTakeFirst(),
    ),
    one(f.productId, (id) =>
      db.selectFrom('products').select(['name', 'sku']).where('id', '=', id).executeTakeFirst(),
    ),
    one(f.companyId, (id) =>
      coreDb().selectFrom('companies').select('name').where('id', '=', id).executeTakeFirst(),
    ),
    f.cycle === undefined
      ? undefined
      : db
          .selectFrom('maintenance_cycles')
          .select('name')
          .where('code', '=', f.cycle)
          .orderBy('id')
          .limit(1)
          .executeTakeFirst(),
  ]);
  // An id that names nothing (deleted, or another tenant's) is shown as the number it was.
  return {
    category: category === undefined ? undefined : (category?.name ?? `#${f.categoryId}`),
    type: type === undefined ? undefined : (type?.name ?? `#${f.inspectionTypeId}`),
    product:
      product === undefined ? undefined : product ? `${product.name} (${product.sku})` : `#${f.productId}`,
    company: company === undefined ? undefined : (company?.name ?? `#${f.companyId}`),
    cycle: f.cycle === undefined ? undefined : cycle ? `${cycle.name} (${f.cycle})` : f.cycle,
  };
}

/** The lines, in the order of the report's filter bar; "Filtros: nenhum" when nothing narrows it. */
export async function filterLines(db: Db, report: ReportKind, f: Filters): Promise<string[]> {
  const n = await names(db, f);
  const lines: (string | null | undefined | false)[] = [
    f.query?.trim() && `Busca: ${f.query.trim()}`,
    f.status &&
      `${report === 'maintenances' ? 'Status da manutenção' : 'Status'}: ${STATUS_LABELS[f.status]}`,
    n.category && `Categoria: ${n.category}`,
    n.type && `Subcategoria: ${n.type}`,
    n.product && `Produto: ${n.product}`,
    n.company && `Empresa: ${n.company}`,
    f.manufacturingDate && `Data de fabricação: ${formatDate(f.manufacturingDate)}`,
    f.rechargeDate && `Data de recarga: ${formatDate(f.rechargeDate)}`,
    f.weighingDate && `Data da última pesagem: ${formatDate(f.weighingDate)}`,
    dayRange(f.createFrom, f.createUpTo) && `Cadastro: ${dayRange(f.createFrom, f.createUpTo)}`,
    dayRange(f.lastInspectionFrom, f.lastInspectionUpTo) &&
      `Última inspeção: ${dayRange(f.lastInspectionFrom, f.lastInspectionUpTo)}`,
    f.lastInspectionBy && `Inspetor: ${f.lastInspectionBy}`,
    f.lastInspectionExpirationStatus &&
      `Status da última inspeção: ${EXPIRATION_LABELS[f.lastInspectionExpirationStatus]}`,
    dayRange(f.dueDateFrom, f.dueDateUpTo) && `Vencimento: ${dayRange(f.dueDateFrom, f.dueDateUpTo)}`,
    f.dueDateExpirationStatus && `Status do vencimento: ${EXPIRATION_LABELS[f.dueDateExpirationStatus]}`,
    dayRange(f.lastMaintenanceFrom, f.lastMaintenanceUpTo) &&
      `Última manutenção: ${dayRange(f.lastMaintenanceFrom, f.lastMaintenanceUpTo)}`,
    n.cycle && `Ciclo: ${n.cycle}`,
    f.cycleStatus &&
      `${n.cycle ? 'Status do ciclo' : 'Status de algum ciclo'}: ${EXPIRATION_LABELS[f.cycleStatus]}`,
    f.notScannedSince && `Sem leitura da tag desde: ${formatDate(f.notScannedSince)}`,
  ];
  const applied = lines.filter((l): l is string => typeof l === 'string' && l !== '');
  return [
    ...(applied.length ? applied : ['Filtros: nenhum']),
    `Apenas tags ativas: ${f.enabledTagsOnly ? 'Sim' : 'Não'}`,
    `Ordenação: ${SORT_LABELS[f.sort] ?? f.sort} (${f.direction === 'desc' ? 'decrescente' : 'crescente'})`,
  ];
}
