/**
 * Demo service orders (issue 14): in the demo company, an INSPECTION order under way (PARTIAL: one
 * of its three equipment inspected) and a MAINTENANCE order waiting (PENDING), numbered 1 and 2,
 * requested by the company's admin and assigned to its operator (or the admin).
 */
import { addDays } from '../../../shared/equipment/status.ts';
import { tenantDb, withCore } from '../../db/database.ts';
import { today } from '../../db/days.ts';
import type { SeedContext } from '../../seed/context.ts';
import type { Trx } from './common.ts';
import { nextNumber, noteCreatedOrder, recomputeOrder } from './orders.ts';

export async function seedServiceOrders(ctx: SeedContext): Promise<void> {
  const db = tenantDb(ctx.schemaName, ctx.db);
  const core = withCore(ctx.db);
  const equipment = await db
    .selectFrom('equipment as e')
    .innerJoin('tags as t', 't.id', 'e.tag_id')
    .select('e.id')
    .where('e.company_id', '=', ctx.companyId)
    .where('t.enabled', '=', true)
    .orderBy('e.id')
    .limit(5)
    .execute();
  if (equipment.length < 5) return;
  const people = await core
    .selectFrom('users')
    .select(['id', 'name', 'role'])
    .where('company_id', '=', ctx.companyId)
    .where('role', 'in', ['COMPANY_ADMIN', 'COMPANY_OPERATOR'])
    .where('status', '=', 'ACTIVE')
    .orderBy('id')
    .execute();
  const admin = people.find((p) => p.role === 'COMPANY_ADMIN') ?? people[0];
  if (!admin) return;
  const worker = people.find((p) => p.role === 'COMPANY_OPERATOR') ?? admin;
  const day0 = today();
  const orders = [
    {
      type: 'INSPECTION' as const,
      priority: 'HIGH' as const,
      start: addDays(day0, -7),
      end: addDays(day0, 7),
      observation: 'Inspeção trimestral dos extintores do térreo.',
      items: equipment.slice(0, 3).map((e, i) => ({ id: e.id, done: i === 0 ? addDays(day0, -2) : null })),
    },
    {
      type: 'MAINTENANCE' as const,
      priority: 'AVERAGE' as const,
      start: day0,
      end: addDays(day0, 14),
      observation: 'Recarga e troca de lacres.',
      items: equipment.slice(3, 5).map((e) => ({ id: e.id, done: null })),
    },
  ];
  // The seed runs in one transaction already (SeedContext.db).
  const trx = db as unknown as Trx;
  for (const o of orders) {
    const row = await trx
      .insertInto('service_orders')
      .values({
        company_id: ctx.companyId,
        number: await nextNumber(trx, ctx.companyId),
        start_date: o.start,
        end_date: o.end,
        request_user_id: admin.id,
        request_user_name: admin.name,
        responsible_user_id: worker.id,
        responsible_user_name: worker.name,
        priority: o.priority,
        type: o.type,
        observation: o.observation,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    noteCreatedOrder(trx, row.id);
    await trx
      .insertInto('service_order_items')
      .values(
        o.items.map((item, position) => ({
          service_order_id: row.id,
          equipment_id: item.id,
          position,
          responsible_user_id: worker.id,
          responsible_user_name: worker.name,
          completion_date: item.done,
          order_type: o.type,
        })),
      )
      .execute();
    await recomputeOrder(trx, row.id);
  }
}
