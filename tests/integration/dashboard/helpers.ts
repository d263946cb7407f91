import { sql } from 'kysely';
import { baseDb, tenantSchemaName } from '../../../src/server/db/database.ts';
import { today } from '../../../src/server/db/days.ts';
import { refreshEquipmentSearch } from '../../../src/server/domains/equipment/service.ts';
import { addDays } from '../../../src/shared/equipment/status.ts';
import { rest } from '../../helpers/api.ts';
import type { Made, ReportTenant } from '../reports/helpers.ts';

export {
  day,
  INSPECTIONS,
  type Made,
  makeEquipment,
  qs,
  type ReportCatalogue,
  type ReportTenant,
  reportCatalogue,
  reportPage,
  reportTenant,
} from '../reports/helpers.ts';

const spClock = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The instant `hh:mm:ss` of `day` in São Paulo (UTC−3; UTC−2 in its summer time until 2019). */
export const sp = (day: string, time = '12:00:00') => {
  const [h, m, s] = time.split(':').map(Number) as [number, number, number];
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  for (const offset of [3, 2]) {
    const t = new Date(Date.UTC(y, mo - 1, d, h + offset, m, s));
    if (spClock.format(t) === `${day} ${time}`) return t;
  }
  throw new Error(`no São Paulo instant for ${day} ${time}`);
};

/**
 * Records an inspection through the real POST, then moves it to instant `at` (and, with `by`, to
 * another recorded inspector) and makes it the equipment's last inspection with the stored dates
 * given: `next` (next inspection day), `due`, `improper`. The last-inspection day is `at`'s day in
 * APP_TIME_ZONE, as the POST computes it.
 */
export async function inspectAt(
  tn: ReportTenant,
  e: Made,
  at: Date,
  opts: { next: string | null; due?: string | null; improper?: boolean; by?: string; token?: string },
): Promise<number> {
  const r = await rest<{ id: number }>('POST', `/web/equipments/${e.serial}/inspections`, {
    token: opts.token ?? tn.tokens.group,
    body: { answers: [] },
  });
  if (r.status !== 201) throw new Error(`inspect: ${r.status} ${JSON.stringify(r.json)}`);
  const id = r.json.data!.id;
  await tn.db
    .updateTable('inspections')
    .set({
      created_at: at,
      improper: opts.improper ?? false,
      ...(opts.by ? { user_name: opts.by } : {}),
    })
    .where('id', '=', id)
    .execute();
  await tn.db
    .updateTable('equipment')
    .set({
      // Written again so the trigger copies the (renamed) inspector.
      last_inspection_id: id,
      last_inspection_at: at,
      last_inspection_day: today(at),
      last_inspection_improper: opts.improper ?? false,
      next_inspection_date: opts.next,
      inspection_notice_date: opts.next,
      due_date: opts.due ?? null,
      due_notice_date: opts.due ?? null,
    })
    .where('id', '=', e.id)
    .execute();
  await refreshEquipmentSearch(tn.db, { equipmentId: e.id });
  return id;
}

export async function createdAt(tn: ReportTenant, e: Made, at: Date): Promise<void> {
  await tn.db.updateTable('equipment').set({ created_at: at }).where('id', '=', e.id).execute();
}

export const fromToday = (n: number) => addDays(today(), n);

/**
 * The counters recounted from the rows they count (what tenant migration 0601's triggers keep):
 * each as sorted "key=value" lines without zeros, so a mismatch prints the keys that differ. A
 * key's counter is the sum of its slots (tenant migration 1521).
 */
export async function countersAndRecount(schemaName: string) {
  const s = sql.id(tenantSchemaName(schemaName));
  const lines = async (q: ReturnType<typeof sql<{ k: string; n: number }>>) =>
    (await q.execute(baseDb())).rows
      .filter((r) => Number(r.n) !== 0)
      .map((r) => `${r.k}=${Number(r.n)}`)
      .sort();
  const state = `case when last_inspection_at is null then 'NA' when last_inspection_improper then 'IMPROPER' else 'OK' end || '|' ||
    case when last_inspection_at is not null and not last_inspection_improper
      then coalesce(least(next_inspection_date, due_date), 'infinity'::date) else 'infinity'::date end`;
  return {
    counters: {
      totals:
        await lines(sql`select company_id || '|' || 'equipment' as k, sum(equipment) as n from ${s}.dashboard_totals group by 1
        union all select company_id || '|' || 'inspections', sum(inspections) from ${s}.dashboard_totals group by 1`),
      days: await lines(
        sql`select company_id || '|' || day as k, sum(equipment) as n from ${s}.dashboard_inspected_days group by 1`,
      ),
      states: await lines(
        sql`select company_id || '|' || state || '|' || expires_on as k, sum(equipment) as n from ${s}.dashboard_equipment_states group by 1`,
      ),
    },
    recount: {
      totals:
        await lines(sql`select company_id || '|' || 'equipment' as k, count(*) as n from ${s}.equipment group by company_id
        union all select company_id || '|' || 'inspections', count(*) from ${s}.inspections group by company_id`),
      days: await lines(sql`select company_id || '|' || last_inspection_day as k, count(*) as n from ${s}.equipment
        where last_inspection_day is not null group by 1`),
      states: await lines(
        sql`select company_id || '|' || ${sql.raw(state)} as k, count(*) as n from ${s}.equipment group by 1`,
      ),
    },
  };
}
