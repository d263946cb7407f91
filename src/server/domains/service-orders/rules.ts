/**
 * What other domains need of service orders (issue 14 "closing the loop"), called inside their
 * transactions:
 *
 * - a field record (inspection or maintenance) completes the waiting items of the equipment in
 *   open orders of the matching type (completion date = the record's day) and their statuses follow;
 * - an inspection whose negative answer is to a question marked "opens a service order" creates
 *   today's MAINTENANCE order of the company (or joins it), assigned to the company's admin;
 * (The public card's "service pending" is a read of the items, equipment/card.ts's `servicePendingSql`.)
 *
 * Locks are taken in one order everywhere — the equipment (the field record's), the company's
 * order counter, orders, then items — so concurrent records and edits wait instead of deadlocking.
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import { formatDate } from '../../../shared/dates.ts';
import { isNegativeAnswer } from '../../../shared/equipment/status.ts';
import type { OsType } from '../../../shared/service-orders/schemas.ts';
import { OBSERVATION_MAX } from '../../../shared/service-orders/schemas.ts';
import { withCore } from '../../db/database.ts';
import { answerText } from '../documents/index.ts';
import type { Ctx, Db, Trx } from './common.ts';
import { lockCounter, nextNumber, noteCreatedOrder, recomputeOrder } from './orders.ts';
import { defaultAssignee } from './people.ts';

/** Locks orders by id, in id order (the same order every writer takes). */
async function lockOrders(trx: Trx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .selectFrom('service_orders')
    .select('id')
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * Whether `completeServiceOrderItems` has anything to do (its first read as a boolean SQL
 * expression over `equipmentId`): the probe a field record's one read selects (issue 32 item 1),
 * so the common record — nothing waiting — skips the step.
 */
export function waitingItemsExist(
  db: Db,
  equipmentId: Expression<number>,
  type: OsType,
  day: string,
): Expression<SqlBool> {
  return sql<SqlBool>`exists(${db
    .selectFrom('service_order_items as i')
    .innerJoin('service_orders as o', 'o.id', 'i.service_order_id')
    .select(sql`1`.as('one'))
    .where(sql<SqlBool>`i.equipment_id = ${equipmentId}`)
    .where('i.order_type', '=', type)
    .where('i.order_open', '=', true)
    .where('i.completion_date', 'is', null)
    .where('o.start_date', '<=', day)})`;
}

/** Whether an inspection's answers may open an order (`openServiceOrderForAnswers` has work). */
export function mayOpenServiceOrder(answers: readonly RecordedAnswer[]): boolean {
  return answers.some((a) => a.questionId !== null && isNegativeAnswer(a));
}

/**
 * A field record of `type` on `day`: the equipment's items waiting in open orders of that type that
 * have started by that day get the day as completion date, and each order's status is derived
 * again (a record dated before an order's start date — an offline one synced late, or an order
 * planned ahead — does not complete it: the work was not done for that order). Answers the orders
 * touched.
 */
export async function completeServiceOrderItems(
  trx: Trx,
  { equipmentId, type, day }: { equipmentId: number; type: OsType; day: string },
): Promise<number[]> {
  const waiting = await trx
    .selectFrom('service_order_items as i')
    .innerJoin('service_orders as o', 'o.id', 'i.service_order_id')
    .select('i.service_order_id')
    .where('i.equipment_id', '=', equipmentId)
    .where('i.order_type', '=', type)
    .where('i.order_open', '=', true)
    .where('i.completion_date', 'is', null)
    .where('o.start_date', '<=', day)
    .execute();
  const orders = [...new Set(waiting.map((w) => w.service_order_id))].sort((a, b) => a - b);
  if (orders.length === 0) return [];
  await lockOrders(trx, orders);
  // Read again under the locks: an edit that committed meanwhile may have changed them.
  const started = await trx
    .selectFrom('service_orders')
    .select('id')
    .where('id', 'in', orders)
    .where('start_date', '<=', day)
    .execute();
  if (started.length === 0) return [];
  const done = await trx
    .updateTable('service_order_items')
    .set({ completion_date: day })
    .where('equipment_id', '=', equipmentId)
    .where(
      'service_order_id',
      'in',
      started.map((o) => o.id),
    )
    .where('order_type', '=', type)
    .where('order_open', '=', true)
    .where('completion_date', 'is', null)
    .returning('service_order_id')
    .execute();
  const touched = [...new Set(done.map((d) => d.service_order_id))].sort((a, b) => a - b);
  for (const id of touched) await recomputeOrder(trx, id);
  return touched;
}

interface RecordedAnswer {
  questionId: number | null;
  type: 'YES_NO_NA' | 'TEXT' | 'CUSTOM';
  question: string;
  answer: string;
  answerType: 'POSITIVE' | 'NEGATIVE' | 'NA' | null;
}

export interface InspectedEquipment {
  id: number;
  company_id: number;
  extra_label: string | null;
}

/**
 * An inspection's negative answers (the equipment status's rule, `isNegativeAnswer`) to questions
 * marked `opens_service_order` open a MAINTENANCE order of the equipment's company — or join the
 * one such answers opened today while it is still open: the equipment is added (or waits again if
 * it was completed) and the question and answer are added to the observation. A new order is
 * PENDING, HIGH priority, starts today, requested by the inspector and assigned to the company's
 * admin (else the group's). Answers the order's id and number (the inspector is told "OS nº …
 * aberta"), or null when no such answer was given.
 */
export async function openServiceOrderForAnswers(
  trx: Trx,
  ctx: Ctx,
  input: { equipment: InspectedEquipment; serial: string; answers: readonly RecordedAnswer[]; day: string },
): Promise<{ id: number; number: number } | null> {
  const negative = input.answers.filter((a) => mayOpenServiceOrder([a]));
  if (negative.length === 0) return null;
  const flagged = new Set(
    (
      await trx
        .selectFrom('inspection_questions')
        .select('id')
        .where(
          'id',
          'in',
          negative.map((a) => a.questionId!),
        )
        .where('opens_service_order', '=', true)
        .execute()
    ).map((q) => q.id),
  );
  const opening = negative.filter((a) => flagged.has(a.questionId!));
  if (opening.length === 0) return null;

  const { equipment: e, serial, day } = input;
  const subject = e.extra_label ? `${serial} (${e.extra_label})` : serial;
  const when = `inspeção de ${formatDate(day)} por ${ctx.auth.user.name}`;
  const lines = opening.map(
    (a) => `Tag ${subject}: "${a.question}" respondida "${answerText(a)}" (${when}).`,
  );

  // The counter row orders whoever opens an order of this company: today's is found or made once.
  await lockCounter(trx, e.company_id);
  const today = await trx
    .selectFrom('service_orders')
    .select(['id', 'number', 'observation', 'responsible_user_id', 'responsible_user_name'])
    .where('company_id', '=', e.company_id)
    .where('start_date', '=', day)
    .where('auto_opened', '=', true)
    .where('status', 'in', ['PENDING', 'PARTIAL'])
    .where('type', '=', 'MAINTENANCE')
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();

  let order: {
    id: number;
    number: number;
    responsible_user_id: number | null;
    responsible_user_name: string | null;
  };
  if (today) {
    const observation = appendLines(today.observation, lines);
    if (observation !== today.observation)
      await trx
        .updateTable('service_orders')
        .set({ observation, updated_at: sql`now()` })
        .where('id', '=', today.id)
        .execute();
    order = today;
  } else {
    const who = await defaultAssignee(withCore(trx), ctx.auth.companyGroup.id, e.company_id);
    order = await trx
      .insertInto('service_orders')
      .values({
        company_id: e.company_id,
        number: await nextNumber(trx, e.company_id),
        start_date: day,
        end_date: null,
        request_user_id: ctx.auth.user.id,
        request_user_name: ctx.auth.user.name,
        responsible_user_id: who?.id ?? null,
        responsible_user_name: who?.name ?? null,
        priority: 'HIGH',
        type: 'MAINTENANCE',
        status: 'PENDING',
        observation: appendLines(null, lines),
        auto_opened: true,
      })
      .returning(['id', 'number', 'responsible_user_id', 'responsible_user_name'])
      .executeTakeFirstOrThrow();
    noteCreatedOrder(trx, order.id);
  }
  const position = await trx
    .selectFrom('service_order_items')
    .select(sql<number>`coalesce(max(position) + 1, 0)::int`.as('next'))
    .where('service_order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('service_order_items')
    .values({
      service_order_id: order.id,
      equipment_id: e.id,
      position: position.next,
      responsible_user_id: order.responsible_user_id,
      responsible_user_name: order.responsible_user_name,
      completion_date: null,
      order_type: 'MAINTENANCE',
      order_open: true,
    })
    .onConflict((oc) =>
      oc.columns(['service_order_id', 'equipment_id']).doUpdateSet({ completion_date: null }),
    )
    .execute();
  await recomputeOrder(trx, order.id);
  return { id: order.id, number: order.number };
}

/** The observation with `lines` added (one per line), kept within OBSERVATION_MAX characters. */
function appendLines(observation: string | null, lines: readonly string[]): string {
  let out = observation ?? '';
  for (const line of lines) {
    const next = out ? `${out}\n${line}` : line;
    if (next.length > OBSERVATION_MAX) break;
    out = next;
  }
  return out;
}
