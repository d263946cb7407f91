/**
 * A report's rows for an export: exactly the list's rows for the same filters (the equipment
 * domain's one WHERE and sort map), in the list's order, read through a server-side cursor in
 * batches of REPORT_BATCH and mapped by the lists' own loader — never the whole result in memory.
 */
import { sql } from 'kysely';
import { cycleStatusOf } from '../../../shared/cycles/rules.ts';
import type { ExpirationStatus } from '../../../shared/enums.ts';
import type { Equipment } from '../../../shared/equipment/schemas.ts';
import type { SortDirection } from '../../../shared/list.ts';
import type { TenantDb } from '../../db/database.ts';
import { loadEquipment } from '../equipment/index.ts';
import {
  type EquipmentReportFilters,
  equipmentReportBase,
  equipmentReportSorts,
  type ReportSpec,
} from '../equipment/index.ts';
import type { Db, Trx } from '../../kit/tenant-tx.ts';
import type { Scope } from '../../kit/scope.ts';
import { type LastRecordPhotoCounts, lastRecordPhotoCounts } from '../photos/index.ts';

/** Equipment loaded and rendered at a time: a few MB, whatever the report's size. */
export const REPORT_BATCH = 1000;

export interface ReportQuery {
  filters: EquipmentReportFilters & { sort: string; direction: SortDirection };
  spec: ReportSpec;
}

/** How many rows the report has, counting no further than `limit` (what the checks need). */
export async function countReportRows(db: Db, scope: Scope, q: ReportQuery, limit: number): Promise<number> {
  const base = equipmentReportBase(db, scope, q.filters, q.spec);
  const r = await sql<{ n: number }>`select count(*)::int as n from (${base
    .select(sql`1`.as('one'))
    .limit(limit)}) as capped`.execute(db);
  return r.rows[0]!.n;
}

/** A batch of the report's rows. */
export interface ReportBatch {
  equipment: Equipment[];
  /** by equipment id, the photos of its last inspection and maintenance (only with `photoCounts`) */
  photos: ReadonlyMap<number, LastRecordPhotoCounts>;
  /** by equipment id, the filtered cycle's state and status (only with `cycleOf`) */
  cycles: ReadonlyMap<number, ReportCycleState>;
}

/** The filtered cycle on one equipment, for the XLSX's cycle columns. */
export interface ReportCycleState {
  lastDoneAt: string | null;
  dueDate: string | null;
  status: ExpirationStatus;
  daysToExpire: number | null;
}

/** The state of cycle `code` on `ids` as of `day` (one statement; equipment_cycles' primary key). */
async function cycleStates(
  trx: Trx,
  ids: readonly number[],
  code: string,
  day: string,
): Promise<ReadonlyMap<number, ReportCycleState>> {
  const rows = await trx
    .selectFrom('equipment_cycles')
    .select(['equipment_id', 'last_done_at', 'due_date', 'notice_date'])
    .where('equipment_id', 'in', [...ids])
    .where('cycle_code', '=', code)
    .execute();
  return new Map(
    rows.map((r) => [
      r.equipment_id,
      {
        lastDoneAt: r.last_done_at,
        dueDate: r.due_date,
        ...cycleStatusOf({ dueDate: r.due_date, noticeDate: r.notice_date }, day),
      },
    ]),
  );
}

export interface ReportRows {
  /** the transaction the rows are read in (one snapshot for the count, names and rows) */
  trx: Trx;
  /** rows of the report, up to `limit` + 1 (see `withReportRows`) */
  total: number;
  batches: AsyncIterable<ReportBatch>;
}

const NO_PHOTOS: ReadonlyMap<number, LastRecordPhotoCounts> = new Map();
const NO_CYCLES: ReadonlyMap<number, ReportCycleState> = new Map();

/**
 * Runs `fn` with the report's rows: one REPEATABLE READ transaction, so the count, the names the
 * header shows and the rows are one snapshot. The cursor orders as the list does (`fetchPage`:
 * the sort key, then the id, both in the asked direction). `photoCounts`: each batch also gets its
 * last records' photo counts, one more statement per batch (the XLSX); `cycleOf`: the state of
 * that cycle, one more.
 */
export async function withReportRows<T>(
  db: TenantDb,
  scope: Scope,
  q: ReportQuery,
  limit: number,
  fn: (rows: ReportRows) => Promise<T>,
  opts: { photoCounts?: boolean; cycleOf?: string } = {},
): Promise<T> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const total = await countReportRows(trx, scope, q, limit + 1);
      const sorts = equipmentReportSorts(trx, q.spec);
      const sortKey = sorts[q.filters.sort] ?? sorts.createdAt!;
      const dir = q.filters.direction === 'desc' ? sql`desc` : sql`asc`;
      const ordered = equipmentReportBase(trx, scope, q.filters, q.spec)
        .select('e.id')
        .orderBy(sql`${sortKey} ${dir}`)
        .orderBy(sql`e.id ${dir}`)
        .limit(limit);
      await sql`declare report_rows no scroll cursor for ${ordered}`.execute(trx);
      const fetchBatch = async (): Promise<ReportBatch> => {
        const r = await sql<{ id: number }>`fetch forward ${sql.lit(REPORT_BATCH)} from report_rows`.execute(
          trx,
        );
        if (!r.rows.length) return { equipment: [], photos: NO_PHOTOS, cycles: NO_CYCLES };
        const ids = r.rows.map((row) => row.id);
        const [equipment, photos, cycles] = await Promise.all([
          loadEquipment(trx, ids, q.spec.day),
          opts.photoCounts ? lastRecordPhotoCounts(trx, ids) : NO_PHOTOS,
          opts.cycleOf ? cycleStates(trx, ids, opts.cycleOf, q.spec.day) : NO_CYCLES,
        ]);
        return { equipment, photos, cycles };
      };
      // One batch read ahead: Postgres loads the next while the renderer writes this one.
      async function* batches(): AsyncGenerator<ReportBatch> {
        let next = fetchBatch();
        for (;;) {
          const batch = await next;
          if (batch.equipment.length === 0) return;
          next = fetchBatch();
          // A consumer that stops early must not leave the read-ahead's rejection unhandled.
          next.catch(() => undefined);
          yield batch;
        }
      }
      return fn({ trx, total, batches: batches() });
    });
}
