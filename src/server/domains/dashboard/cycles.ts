/**
 * The dashboard's cycles card (issue 30 item 2): per cycle code, the scope's equipment whose cycle
 * is expired or expiring today. One statement: the catalogue's cycle codes (with a name each), and
 * per code two counts over `equipment_cycles`, each a range of one of its indexes
 * (`(cycle_code, due_date, equipment_id)` / `(cycle_code, notice_date, equipment_id)`): the rows
 * read are the late ones, not the tenant's; nothing per equipment.
 */
import { type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { CycleCounts, dashboardScopeSchema } from '../../../shared/dashboard/schemas.ts';
import type { TenantContext } from '../../context.ts';
import { dashboardScope, rows } from './service.ts';

export async function cycleCounts(
  ctx: TenantContext,
  input: z.output<typeof dashboardScopeSchema>,
): Promise<CycleCounts> {
  const sc = await dashboardScope(ctx, input);
  const db = sc.db;
  const companyId = sc.companyId;
  // The statuses of `cycleStatusOf` (shared/cycles/rules.ts): due before today EXPIRED; due today
  // or later with the warning day reached EXPIRING. Per code: a range of `equipment_cycles_due_idx`
  // (expired) or `equipment_cycles_notice_idx` (expiring), never the whole table.
  const counted = (which: 'expired' | 'expiring') => {
    let q = db
      .selectFrom('equipment_cycles as ec')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(sql<SqlBool>`ec.cycle_code = n.code`);
    q =
      which === 'expired'
        ? q.where('ec.due_date', '<', sc.day)
        : q.where('ec.notice_date', '<=', sc.day).where('ec.due_date', '>=', sc.day);
    if (companyId !== null)
      q = q.where(
        'ec.equipment_id',
        'in',
        db.selectFrom('equipment as e').select('e.id').where('e.company_id', '=', companyId),
      );
    return sql<number>`(${q})`;
  };
  const names = db
    .selectFrom('maintenance_cycles as mc')
    .distinctOn('mc.code')
    .select(['mc.code', 'mc.name'])
    .orderBy('mc.code')
    .orderBy('mc.position')
    .orderBy('mc.id');
  const found = await rows(
    db
      .selectFrom(names.as('n'))
      .select(['n.code', 'n.name', counted('expired').as('expired'), counted('expiring').as('expiring')])
      .orderBy('n.name')
      .orderBy('n.code'),
  );
  return found.map((r) => ({ code: r.code, name: r.name, expired: r.expired, expiring: r.expiring }));
}
