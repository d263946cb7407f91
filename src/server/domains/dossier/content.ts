/**
 * What the building dossier says, in Portuguese (the documents' language), as a stream of blocks
 * for `src/render/sectioned-pdf.ts`: the summary, one table per inspection type (system), the open
 * service orders, the improper equipment and "Vence nos próximos 90 dias". Days are São Paulo's
 * (APP_TIME_ZONE); every list is read in batches (reads.ts) and drawn as it arrives.
 */
import { EMPTY_DATE, formatDate } from '../../../shared/dates.ts';
import type { EquipmentCycle } from '../../../shared/cycles/schemas.ts';
import { DOSSIER_AHEAD_DAYS } from '../../../shared/dossier/schemas.ts';
import type { ExpirationStatus, OsStatus } from '../../../shared/enums.ts';
import { addDays } from '../../../shared/equipment/status.ts';
import { AWAITING_TAG_PT } from '../../../shared/equipment/awaiting-tag.ts';
import type { SectionedBlock } from '../../../render/sectioned-pdf.ts';
import type { Trx } from '../../kit/tenant-tx.ts';
import {
  comingDueBatches,
  cycleCounts,
  type DossierEquipment,
  equipmentBatches,
  equipmentPerType,
  improperBatches,
  openOrderBatches,
} from './reads.ts';

export const CYCLE_STATUS_TEXT: Record<ExpirationStatus, string> = {
  NA: 'Sem data',
  VALID: 'Válido',
  EXPIRING: 'A vencer',
  EXPIRED: 'Vencido',
};
const OS_STATUS_TEXT: Record<OsStatus, string> = {
  PENDING: 'Pendente',
  PARTIAL: 'Parcial',
  FINISHED: 'Finalizada',
  CANCELLED: 'Cancelada',
};
const OS_TYPE_TEXT = { INSPECTION: 'Inspeção', MAINTENANCE: 'Manutenção' } as const;
const SEAL_KIND_TEXT = { INSPECTION: 'Inspeção', MAINTENANCE: 'Manutenção' } as const;

export const AHEAD_TITLE = `Vence nos próximos ${DOSSIER_AHEAD_DAYS} dias`;

const day = (v: string | null) => (v ? formatDate(v) : EMPTY_DATE);
const orEmpty = (v: string | null) => (v?.trim() ? v : '—');

/** One line per cycle: "Recarga: Vencido — 01/02/2026". */
export function cycleLines(cycles: readonly EquipmentCycle[]): string {
  if (cycles.length === 0) return 'Sem ciclos';
  return cycles
    .map((c) => `${c.name}: ${CYCLE_STATUS_TEXT[c.status]}${c.dueDate ? ` — ${day(c.dueDate)}` : ''}`)
    .join('\n');
}

function equipmentRow(e: DossierEquipment, timeZone: string): string[] {
  return [
    e.serial ?? AWAITING_TAG_PT,
    `${e.product}\nSKU ${e.sku}`,
    orEmpty(e.extraLabel),
    cycleLines(e.cycles),
    e.seal
      ? `${e.seal.code}\n${SEAL_KIND_TEXT[e.seal.kind]} em ${formatDate(e.seal.sealedAt, timeZone)}`
      : '—',
  ];
}

const EQUIPMENT_COLUMNS = [
  { header: 'Tag', width: 80 },
  { header: 'Produto', width: 160 },
  { header: 'Identificação', width: 135 },
  { header: 'Ciclos: situação e vencimento', width: 250 },
  { header: 'Último registro selado', width: 160 },
];

async function* summary(trx: Trx, companyId: number, today: string): AsyncGenerator<SectionedBlock> {
  yield { kind: 'heading', text: 'Resumo' };
  const types = await equipmentPerType(trx, companyId);
  const total = types.reduce((n, t) => n + t.equipment, 0);
  yield { kind: 'text', text: `Equipamentos: ${total.toLocaleString('pt-BR')}` };
  yield {
    kind: 'table',
    columns: [
      { header: 'Categoria', width: 300 },
      { header: 'Tipo de inspeção (sistema)', width: 330 },
      { header: 'Equipamentos', width: 155 },
    ],
  };
  yield { kind: 'rows', rows: types.map((t) => [t.category, t.inspectionType, String(t.equipment)]) };
  const counts = await cycleCounts(trx, companyId, today);
  yield { kind: 'text', text: `Ciclos vencidos e a vencer em ${day(today)}`, bold: true };
  yield {
    kind: 'table',
    columns: [
      { header: 'Tipo de inspeção (sistema)', width: 300 },
      { header: 'Ciclo', width: 255 },
      { header: 'Vencidos', width: 115 },
      { header: 'A vencer', width: 115 },
    ],
  };
  yield {
    kind: 'rows',
    rows: counts.map((c) => [c.inspectionType, c.cycle, String(c.expired), String(c.expiring)]),
  };
  if (counts.length === 0) yield { kind: 'text', text: 'Nenhum ciclo.' };
}

async function* systems(
  trx: Trx,
  companyId: number,
  today: string,
  timeZone: string,
): AsyncGenerator<SectionedBlock> {
  let current: number | null = null;
  for await (const batch of equipmentBatches(trx, companyId, today)) {
    let rows: string[][] = [];
    for (const e of batch) {
      if (e.inspectionTypeId !== current) {
        if (rows.length) yield { kind: 'rows', rows };
        rows = [];
        current = e.inspectionTypeId;
        yield { kind: 'heading', text: `Sistema: ${e.inspectionType}` };
        yield { kind: 'table', columns: EQUIPMENT_COLUMNS };
      }
      rows.push(equipmentRow(e, timeZone));
    }
    if (rows.length) yield { kind: 'rows', rows };
  }
  if (current === null) {
    yield { kind: 'heading', text: 'Sistemas' };
    yield { kind: 'text', text: 'Nenhum equipamento.' };
  }
}

async function* openOrders(trx: Trx, companyId: number): AsyncGenerator<SectionedBlock> {
  yield { kind: 'heading', text: 'Ordens de serviço abertas' };
  yield {
    kind: 'table',
    columns: [
      { header: 'Número', width: 70 },
      { header: 'Status', width: 90 },
      { header: 'Tipo', width: 100 },
      { header: 'Início', width: 90 },
      { header: 'Término', width: 90 },
      { header: 'Responsável', width: 195 },
      { header: 'Itens pendentes', width: 150 },
    ],
  };
  let n = 0;
  for await (const batch of openOrderBatches(trx, companyId)) {
    n += batch.length;
    yield {
      kind: 'rows',
      rows: batch.map((o) => [
        `OS nº ${o.number}`,
        OS_STATUS_TEXT[o.status],
        OS_TYPE_TEXT[o.type],
        day(o.startDate),
        day(o.endDate),
        orEmpty(o.responsible),
        `${o.pending} de ${o.itemsCount}`,
      ]),
    };
  }
  if (n === 0) yield { kind: 'text', text: 'Nenhuma ordem de serviço aberta.' };
}

async function* improper(trx: Trx, companyId: number): AsyncGenerator<SectionedBlock> {
  yield { kind: 'heading', text: 'Equipamentos impróprios (última inspeção)' };
  yield {
    kind: 'table',
    columns: [
      { header: 'Tag', width: 90 },
      { header: 'Produto', width: 220 },
      { header: 'Identificação', width: 170 },
      { header: 'Tipo de inspeção (sistema)', width: 200 },
      { header: 'Inspecionado em', width: 105 },
    ],
  };
  let n = 0;
  for await (const batch of improperBatches(trx, companyId)) {
    n += batch.length;
    yield {
      kind: 'rows',
      rows: batch.map((e) => [
        e.serial,
        e.product,
        orEmpty(e.extraLabel),
        e.inspectionType,
        day(e.lastInspectionDay),
      ]),
    };
  }
  if (n === 0) yield { kind: 'text', text: 'Nenhum equipamento impróprio.' };
}

async function* comingDue(trx: Trx, companyId: number, today: string): AsyncGenerator<SectionedBlock> {
  yield { kind: 'heading', text: AHEAD_TITLE };
  yield {
    kind: 'table',
    columns: [
      { header: 'Vencimento', width: 80 },
      { header: 'Tag', width: 90 },
      { header: 'Ciclo', width: 170 },
      { header: 'Produto', width: 170 },
      { header: 'Identificação', width: 130 },
      { header: 'Tipo de inspeção (sistema)', width: 145 },
    ],
  };
  let n = 0;
  for await (const batch of comingDueBatches(trx, companyId, today, addDays(today, DOSSIER_AHEAD_DAYS))) {
    n += batch.length;
    yield {
      kind: 'rows',
      rows: batch.map((c) => [
        day(c.dueDate),
        c.serial ?? AWAITING_TAG_PT,
        c.cycle,
        c.product,
        orEmpty(c.extraLabel),
        c.inspectionType,
      ]),
    };
  }
  if (n === 0) yield { kind: 'text', text: `Nada vence nos próximos ${DOSSIER_AHEAD_DAYS} dias.` };
}

/** The dossier's body, section after section, read in the transaction `trx` as it is drawn. */
export async function* dossierBlocks(
  trx: Trx,
  companyId: number,
  today: string,
  timeZone: string,
  progress: (step: number) => Promise<void>,
): AsyncGenerator<SectionedBlock> {
  yield* summary(trx, companyId, today);
  await progress(20);
  yield* systems(trx, companyId, today, timeZone);
  await progress(60);
  yield* openOrders(trx, companyId);
  yield* improper(trx, companyId);
  await progress(75);
  yield* comingDue(trx, companyId, today);
}
