/**
 * The `equipment.cycle_due` webhook event (issue 30 item 2): a maintenance cycle of an equipment
 * entered its warning window (EXPIRING: its notice day has come) or expired (EXPIRED: its due date
 * has passed). Nothing writes an equipment when a day passes, so the daily sweep (`webhook-cycle-due`,
 * on the digest's queue and schedule) announces them: per company group, only when some company of
 * it has an enabled endpoint subscribed to the event, a batch at a time in one transaction —
 * - one INSERT … SELECT claims the batch into `cycle_due_notices` (the key (equipment, cycle, due
 *   date, status) makes it once: a second run of the day claims nothing, a new due date after a
 *   maintenance is a new key),
 * - one read of the batch's equipment (tag) and one of their cycles (names, norms),
 * - one INSERT of the outbox rows (one per event and subscribed endpoint of its company), queued
 *   after the commit as every delivery is (emit.ts; the outbox sweep re-queues what Redis missed).
 * Companies without a subscribed endpoint record nothing: an endpoint subscribing later hears of
 * the cycles due then. Notices of a due date the cycle no longer has are deleted after each pass.
 */
import { sql } from 'kysely';
import type { DueDigestParams } from '../../../shared/notifications/schemas.ts';
import type { WebhookEventData, WebhookPayload } from '../../../shared/webhooks/schemas.ts';
import { runAfterAnswer } from '../../after-answer.ts';
import { afterCommit, transactionWithHooks } from '../../db/after-commit.ts';
import type { TenantDb } from '../../db/database.ts';
import { today } from '../../db/days.ts';
import { sweepCompanyGroups } from '../../kit/group-sweep.ts';
import { log } from '../../logger.ts';
import { cyclesOfEquipment } from '../equipment/index.ts';
import type { Trx } from './common.ts';
import { enqueueDeliveries, type QueuedDelivery } from './delivery-queue.ts';
import { newMessageId } from './emit.ts';

const EVENT = 'equipment.cycle_due' as const;
/** Notices claimed (and announced) per transaction. */
const BATCH = 500;

export interface CycleDueReport {
  day: string;
  groups: number;
  /** (equipment, cycle, due date, status) announced */
  announced: number;
  deliveries: number;
  failedGroups: number;
}

type Claimed = { equipment_id: number; cycle_code: string; due_date: string; status: 'EXPIRING' | 'EXPIRED' };

/** Claims up to BATCH cycles of `companies` due on `day` and not yet announced with that status. */
async function claim(trx: Trx, companies: number[], day: string): Promise<Claimed[]> {
  const status = sql<
    'EXPIRING' | 'EXPIRED'
  >`(case when ec.due_date < ${day}::date then 'EXPIRED' else 'EXPIRING' end)`;
  const rows = await trx
    .insertInto('cycle_due_notices')
    .columns(['equipment_id', 'cycle_code', 'due_date', 'status', 'announced_on'])
    .expression(
      trx
        .selectFrom('equipment_cycles as ec')
        .innerJoin('equipment as e', 'e.id', 'ec.equipment_id')
        .select([
          'ec.equipment_id',
          'ec.cycle_code',
          sql<string>`ec.due_date`.as('due_date'),
          status.as('status'),
          sql<string>`${day}::date`.as('announced_on'),
        ])
        .where('e.company_id', 'in', companies)
        .where('ec.due_date', 'is not', null)
        .where(sql<boolean>`(ec.due_date < ${day}::date or ec.notice_date <= ${day}::date)`)
        .where(({ not, exists }) =>
          not(
            exists(
              trx
                .selectFrom('cycle_due_notices as n')
                .select(sql`1`.as('one'))
                .where(
                  sql<boolean>`n.equipment_id = ec.equipment_id and n.cycle_code = ec.cycle_code
                    and n.due_date = ec.due_date and n.status = ${status}`,
                ),
            ),
          ),
        )
        .orderBy('ec.equipment_id')
        .orderBy('ec.cycle_code')
        .limit(BATCH),
    )
    .onConflict((oc) => oc.doNothing())
    .returning(['equipment_id', 'cycle_code', 'due_date', 'status'])
    .execute();
  return rows as Claimed[];
}

/** The events of a claimed batch: one statement for the tags, one for the cycles' names. */
async function eventsOf(
  trx: Trx,
  claimed: Claimed[],
  day: string,
): Promise<{ companyId: number; data: WebhookEventData[typeof EVENT] }[]> {
  const ids = [...new Set(claimed.map((c) => c.equipment_id))];
  const equipment = await trx
    .selectFrom('equipment as e')
    .leftJoin('tags as t', 't.id', 'e.tag_id')
    .select(['e.id', 'e.company_id', 't.serial_number'])
    .where('e.id', 'in', ids)
    .execute();
  const byId = new Map(equipment.map((e) => [e.id, e]));
  const cycles = await cyclesOfEquipment(trx, ids, day);
  return claimed.flatMap((c) => {
    const e = byId.get(c.equipment_id);
    if (!e) return [];
    const cycle = cycles.get(c.equipment_id)?.find((x) => x.code === c.cycle_code);
    return [
      {
        companyId: Number(e.company_id),
        data: {
          equipment: { id: e.id, tagSerialNumber: e.serial_number ?? '', companyId: Number(e.company_id) },
          cycle: {
            code: c.cycle_code,
            name: cycle?.name ?? c.cycle_code,
            norm: cycle?.norm ?? null,
            dueDate: c.due_date,
            status: c.status,
          },
        },
      },
    ];
  });
}

/**
 * One batch of a group in one transaction: claim, build the events, write their outbox rows for the
 * endpoints subscribed now (read under the claim). Answers the counts; 0 claimed ends the group.
 */
async function announceBatch(
  db: TenantDb,
  schema: string,
  day: string,
): Promise<{ claimed: number; deliveries: number }> {
  return transactionWithHooks(db, async (trx) => {
    const endpoints = await trx
      .selectFrom('webhook_endpoints')
      .select(['id', 'company_id'])
      .where('enabled', '=', true)
      .where(sql<boolean>`${EVENT}::text = any(events)`)
      .execute();
    if (endpoints.length === 0) return { claimed: 0, deliveries: 0 };
    const companies = [...new Set(endpoints.map((e) => Number(e.company_id)))];
    const claimed = await claim(trx, companies, day);
    if (claimed.length === 0) return { claimed: 0, deliveries: 0 };
    const at = new Date().toISOString();
    const values = (await eventsOf(trx, claimed, day)).flatMap((ev) => {
      const payload: WebhookPayload = { type: EVENT, timestamp: at, data: ev.data };
      const body = JSON.stringify(payload);
      const messageId = newMessageId();
      return endpoints
        .filter((ep) => Number(ep.company_id) === ev.companyId)
        .map((ep) => ({
          endpoint_id: ep.id,
          company_id: ev.companyId,
          message_id: messageId,
          event_type: EVENT,
          body,
          next_attempt_at: sql<Date>`now()`,
        }));
    });
    const queued: QueuedDelivery[] = [];
    for (let i = 0; i < values.length; i += BATCH) {
      const rows = await trx
        .insertInto('webhook_deliveries')
        .values(values.slice(i, i + BATCH))
        .returning(['id', 'company_id'])
        .execute();
      for (const r of rows)
        queued.push({ schema, deliveryId: r.id, round: 0, companyId: Number(r.company_id) });
    }
    afterCommit(trx, () =>
      runAfterAnswer('webhook enqueue', async () => {
        await enqueueDeliveries(queued);
      }),
    );
    return { claimed: claimed.length, deliveries: queued.length };
  });
}

/** A group's pass: batches until nothing is left to claim, then the notices no cycle has any more. */
async function sweepGroup(db: TenantDb, schema: string, day: string, report: CycleDueReport): Promise<void> {
  for (;;) {
    const r = await announceBatch(db, schema, day);
    report.announced += r.claimed;
    report.deliveries += r.deliveries;
    if (r.claimed === 0) break;
  }
  await db
    .deleteFrom('cycle_due_notices as n')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('equipment_cycles as ec')
            .select(sql`1`.as('one'))
            .whereRef('ec.equipment_id', '=', 'n.equipment_id')
            .whereRef('ec.cycle_code', '=', 'n.cycle_code')
            .whereRef('ec.due_date', '=', 'n.due_date'),
        ),
      ),
    )
    .execute();
}

/**
 * Announces the cycles due on `day` (default today, APP_TIME_ZONE) over every company group, or
 * over `companyGroupIds`. Throws after the whole pass when a group failed, so the job is retried:
 * the retry announces only what is missing.
 */
export async function runCycleDueSweep(params: DueDigestParams): Promise<CycleDueReport> {
  const day = params.day ?? today();
  const report: CycleDueReport = { day, groups: 0, announced: 0, deliveries: 0, failedGroups: 0 };
  const run = await sweepCompanyGroups(
    {
      only: params.companyGroupIds,
      failure: 'cycle-due webhooks of a company group failed',
      logFields: { day },
    },
    (group) => sweepGroup(group.db, group.schema_name, day, report),
  );
  report.groups = run.groups;
  report.failedGroups = run.failed;
  log.info('cycle-due webhooks announced', { ...report });
  if (report.failedGroups > 0)
    throw new Error(
      `cycle-due webhooks of ${day}: ${report.failedGroups} company groups failed (see the log)`,
    );
  return report;
}
