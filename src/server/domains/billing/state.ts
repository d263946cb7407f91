/**
 * Applies what the provider says about a bill or a subscription to our rows — the one place a
 * bill's or subscription's state changes (webhooks, reconciliation, the sandbox all end here).
 * Idempotent and order-independent: applying an older state after a newer one changes nothing
 * that the newer one set (a bill's status never goes back — `billMayMove`; a state read before
 * the one applied, by the provider's `updatedAt`, is skipped). Then recomputes the company
 * group's payment status. (Owned by the billing-core work of issue 17.)
 *
 * A paid tag-order bill marks the order PAID once (its row is locked); a paid QR order gets a
 * `qr-pdf` job row in the same transaction, and the serials are allocated to the ordering company
 * under that job's id (qr/allocation.ts `allocateBatch`, idempotent by job id), so the printed
 * sheet (the job's PDF) and core.tag_registry agree however many times the bill is applied.
 */
import { type Kysely, sql } from 'kysely';
import { FREE_PLAN_ID, type PaymentStatus } from '../../../shared/billing/schemas.ts';
import { billMayMove, paymentStatusFor, subscriptionEnded } from '../../../shared/billing/rules.ts';
import { config } from '../../config.ts';
import { baseDb, coreDb, withCore } from '../../db/database.ts';
import type { CoreDatabase } from '../../db/schema.ts';
import { insertJobRow, queueJobRow } from '../../jobs/queue.ts';
import { log } from '../../logger.ts';
import { allocateBatch } from '../qr/index.ts';
import { qrPdfJob } from '../qr/index.ts';
import { providerName } from './catalog.ts';
import { billingProvider, type ProviderBill, type ProviderSubscription } from './provider.ts';
import { writeCoreAuditHeader } from '../../kit/audit-header.ts';

/** Our reference of a subscription at the provider (its `code`). */
export function subscriptionCode(groupId: number, subscriptionId: number): string {
  return `group-${groupId}-sub-${subscriptionId}`;
}
/** Our reference of a tag order's bill at the provider (its `code`). */
export function tagOrderCode(orderId: number): string {
  return `tag-order-${orderId}`;
}
const SUBSCRIPTION_CODE = /^group-(\d{1,12})-sub-(\d{1,12})$/;
const TAG_ORDER_CODE = /^tag-order-(\d{1,12})$/;

function isStale(incoming: Date | null | undefined, applied: Date | string | null): boolean {
  return !!incoming && applied !== null && incoming.getTime() < new Date(applied).getTime();
}

// ── subscriptions ─────────────────────────────────────────────────────────────────────────────────

/** Our subscription of a provider subscription: by its id, else by the `code` we gave it. */
async function ourSubscription(
  providerId: string,
  code: string | null | undefined,
  db: Kysely<CoreDatabase> = coreDb(),
) {
  const byId = await db
    .selectFrom('billing_subscriptions')
    .selectAll()
    .where('provider', '=', providerName())
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
  if (byId) return byId;
  const m = code ? SUBSCRIPTION_CODE.exec(code) : null;
  if (!m) return undefined;
  return db
    .selectFrom('billing_subscriptions')
    .selectAll()
    .where('id', '=', Number(m[2]))
    .where('company_group_id', '=', Number(m[1]))
    .where('provider', '=', providerName())
    .where((eb) => eb.or([eb('provider_id', 'is', null), eb('provider_id', '=', providerId)]))
    .executeTakeFirst();
}

/**
 * The group's plan follows its current subscription: while it bills (active, future, pending) the
 * subscription's plan and quantity; once it has ended (canceled, expired) the free plan.
 */
async function syncGroupPlan(
  db: Kysely<CoreDatabase>,
  sub: { id: number; company_group_id: number; plan_id: number; quantity: number; status: string },
): Promise<void> {
  const ended = subscriptionEnded(sub.status);
  const perUnit = await db
    .selectFrom('billing_plans')
    .select('per_unit')
    .where('id', '=', sub.plan_id)
    .executeTakeFirst();
  const planId = ended ? FREE_PLAN_ID : sub.plan_id;
  const quantity = ended || !perUnit?.per_unit ? null : sub.quantity;
  await db
    .updateTable('company_groups')
    .set({ plan_id: planId, plan_quantity: quantity })
    .where('id', '=', sub.company_group_id)
    .where('subscription_id', '=', sub.id)
    .where((eb) =>
      eb.or([eb('plan_id', 'is distinct from', planId), eb('plan_quantity', 'is distinct from', quantity)]),
    )
    .execute();
}

export async function applyProviderSubscription(sub: ProviderSubscription): Promise<void> {
  const found = await ourSubscription(sub.providerId, sub.code);
  if (!found) {
    log.warn('billing: a provider subscription of no group of ours', { id: sub.providerId, code: sub.code });
    return;
  }
  await baseDb()
    .transaction()
    .execute(async (trx) => {
      const core = withCore(trx);
      // The audit trail's header: the provider's word changes the subscription and the group's plan.
      await writeCoreAuditHeader(
        core,
        { system: `billing-provider ${sub.providerId}` },
        found.company_group_id,
      );
      const row = await core
        .selectFrom('billing_subscriptions')
        .selectAll()
        .where('id', '=', found.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (row.provider_id !== null && row.provider_id !== sub.providerId) return;
      if (isStale(sub.updatedAt, row.provider_updated_at)) return;
      const ended = subscriptionEnded(sub.status);
      const updated = await core
        .updateTable('billing_subscriptions')
        .set({
          provider_id: sub.providerId,
          status: sub.status,
          next_billing_at: sub.nextBillingAt,
          canceled_at: ended ? (row.canceled_at ?? new Date()) : null,
          provider_updated_at: sub.updatedAt ?? new Date(),
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await syncGroupPlan(core, updated);
    });
}

// ── bills ─────────────────────────────────────────────────────────────────────────────────────────

interface BillOwner {
  groupId: number;
  subscriptionId: number | null;
  tagOrderId: number | null;
}

/** Whose bill this is: its subscription's group, its tag order's, else its customer's. */
async function billOwner(bill: ProviderBill): Promise<BillOwner | null> {
  const db = coreDb();
  if (bill.subscriptionId) {
    let sub = await ourSubscription(bill.subscriptionId, null);
    if (!sub) {
      // Not recorded yet (the provider's answer is still on its way): its code says whose it is.
      const p = await (await billingProvider()).getSubscription(bill.subscriptionId);
      if (p) sub = await ourSubscription(p.providerId, p.code);
    }
    if (sub) return { groupId: sub.company_group_id, subscriptionId: sub.id, tagOrderId: null };
  }
  const m = bill.code ? TAG_ORDER_CODE.exec(bill.code) : null;
  if (m) {
    const order = await db
      .selectFrom('billing_tag_orders')
      .select(['id', 'company_group_id'])
      .where('id', '=', Number(m[1]))
      .executeTakeFirst();
    if (order) return { groupId: order.company_group_id, subscriptionId: null, tagOrderId: order.id };
  }
  const customer = await db
    .selectFrom('billing_customers')
    .select('company_group_id')
    .where('provider', '=', providerName())
    .where('provider_id', '=', bill.customerId)
    .executeTakeFirst();
  return customer ? { groupId: customer.company_group_id, subscriptionId: null, tagOrderId: null } : null;
}

interface Allocation {
  jobId: string;
  companyGroupId: number;
  companyId: number;
  schemaName: string;
  quantity: number;
  requestedBy: number | null;
  /** a job row written by this apply: put it on its queue after the commit */
  queue: boolean;
}

/**
 * A tag order follows its bill: paid → PAID once (a QR order gets its `qr-pdf` job row, whose id
 * keys the serials); canceled while unpaid → CANCELED. Runs under the order's row lock.
 */
async function applyToTagOrder(
  core: Kysely<CoreDatabase>,
  orderId: number,
  billStatus: string,
): Promise<Allocation | null> {
  const order = await core
    .selectFrom('billing_tag_orders as o')
    .innerJoin('company_groups as g', 'g.id', 'o.company_group_id')
    .select([
      'o.id',
      'o.status',
      'o.type',
      'o.quantity',
      'o.company_id',
      'o.company_group_id',
      'o.requested_by',
      'o.batch_job_id',
      'g.schema_name',
    ])
    .where('o.id', '=', orderId)
    .forUpdate('o')
    .executeTakeFirst();
  if (!order) return null;
  const allocation = (jobId: string, queue: boolean): Allocation => ({
    jobId,
    companyGroupId: order.company_group_id,
    companyId: order.company_id,
    schemaName: order.schema_name,
    quantity: order.quantity,
    requestedBy: order.requested_by,
    queue,
  });
  if (billStatus === 'paid') {
    if (order.status === 'PAID' || order.status === 'SHIPPED') {
      // Applied before: make sure the serials exist (allocation is idempotent by job id).
      return order.batch_job_id ? allocation(order.batch_job_id, false) : null;
    }
    let jobId: string | null = null;
    if (order.type === 'QR') {
      jobId = await insertJobRow(
        qrPdfJob.type,
        qrJobParams(order.company_id, order.quantity),
        {
          companyGroupId: order.company_group_id,
          companyId: order.company_id,
          requestedBy: order.requested_by,
        },
        core,
      );
    }
    await core
      .updateTable('billing_tag_orders')
      .set({ status: 'PAID', paid_at: new Date(), batch_job_id: jobId, updated_at: new Date() })
      .where('id', '=', order.id)
      .execute();
    return jobId ? allocation(jobId, true) : null;
  }
  if (billStatus === 'canceled' && order.status === 'AWAITING_PAYMENT') {
    await core
      .updateTable('billing_tag_orders')
      .set({ status: 'CANCELED', updated_at: new Date() })
      .where('id', '=', order.id)
      .execute();
  }
  return null;
}

function qrJobParams(companyId: number, quantity: number) {
  return qrPdfJob.params.parse({ companyId, quantity, format: 'pdf', publicUrl: config().PUBLIC_URL });
}

/** Allocates a paid QR order's serials (idempotent) and, for a new job, queues its PDF. */
async function allocateTagOrder(a: Allocation): Promise<void> {
  await allocateBatch({
    jobId: a.jobId,
    companyGroupId: a.companyGroupId,
    companyId: a.companyId,
    schemaName: a.schemaName,
    quantity: a.quantity,
  });
  if (a.queue)
    await queueJobRow(qrPdfJob, a.jobId, qrJobParams(a.companyId, a.quantity), {
      companyGroupId: a.companyGroupId,
      companyId: a.companyId,
      requestedBy: a.requestedBy,
    });
}

export async function applyProviderBill(bill: ProviderBill): Promise<void> {
  const provider = providerName();
  const known = await coreDb()
    .selectFrom('billing_bills')
    .select('id')
    .where('provider', '=', provider)
    .where('provider_id', '=', bill.providerId)
    .executeTakeFirst();
  const owner = known ? null : await billOwner(bill);
  if (!known && !owner) {
    log.warn('billing: a provider bill of no group of ours', { id: bill.providerId, code: bill.code });
    return;
  }
  const result = await baseDb()
    .transaction()
    .execute(async (trx) => {
      const core = withCore(trx);
      if (!known && owner) {
        await core
          .insertInto('billing_bills')
          .values({
            company_group_id: owner.groupId,
            subscription_id: owner.subscriptionId,
            tag_order_id: owner.tagOrderId,
            provider,
            provider_id: bill.providerId,
            code: bill.code,
            status: bill.status,
            amount_cents: bill.amountCents,
            url: bill.url,
            due_at: bill.dueAt,
            paid_at: bill.status === 'paid' ? new Date() : null,
            created_at: bill.createdAt,
            provider_updated_at: bill.updatedAt ?? null,
          })
          .onConflict((oc) => oc.columns(['provider', 'provider_id']).doNothing())
          .execute();
      }
      const row = await core
        .selectFrom('billing_bills')
        .selectAll()
        .where('provider', '=', provider)
        .where('provider_id', '=', bill.providerId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      let status = row.status;
      if (!isStale(bill.updatedAt, row.provider_updated_at) && billMayMove(row.status, bill.status)) {
        status = bill.status;
        await core
          .updateTable('billing_bills')
          .set({
            status,
            amount_cents: bill.amountCents,
            url: bill.url ?? row.url,
            due_at: bill.dueAt ?? row.due_at,
            paid_at: status === 'paid' ? (row.paid_at ?? new Date()) : row.paid_at,
            provider_updated_at: bill.updatedAt ?? row.provider_updated_at,
            updated_at: new Date(),
          })
          .where('id', '=', row.id)
          .execute();
      }
      const allocation = row.tag_order_id ? await applyToTagOrder(core, row.tag_order_id, status) : null;
      return { groupId: row.company_group_id, allocation };
    });
  if (result.allocation) await allocateTagOrder(result.allocation);
  await recomputeGroupPaymentStatus(result.groupId);
}

// ── payment status ────────────────────────────────────────────────────────────────────────────────

/**
 * A group's payment status from its oldest unpaid bill (shared/billing/rules.ts
 * `paymentStatusFor`; BILLING_BLOCK_AFTER_DAYS), written only when it changes. One indexed read
 * (billing_bills_unpaid_idx) and at most one write.
 */
export async function recomputeGroupPaymentStatus(
  groupId: number,
  now: Date = new Date(),
  db: Kysely<CoreDatabase> = coreDb(),
): Promise<PaymentStatus> {
  const { oldest } = await db
    .selectFrom('billing_bills')
    .select(sql<Date | null>`min(due_at)`.as('oldest'))
    .where('company_group_id', '=', groupId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  const status = paymentStatusFor(oldest ? new Date(oldest) : null, now, config().BILLING_BLOCK_AFTER_DAYS);
  await db
    .updateTable('company_groups')
    .set({ payment_status: status })
    .where('id', '=', groupId)
    .where('payment_status', '<>', status)
    .execute();
  return status;
}

/**
 * The groups whose payment status may have to change as time passes: those with an unpaid bill
 * past due (billing_bills_unpaid_due_idx) and those not OK now (company_groups_payment_status_idx).
 * For the nightly job, which recomputes each.
 */
export async function overdueGroups(now: Date = new Date()): Promise<number[]> {
  const db = coreDb();
  const rows = await db
    .selectFrom('billing_bills')
    .select('company_group_id as id')
    .where('status', '=', 'pending')
    .where('due_at', '<', now)
    .union(db.selectFrom('company_groups').select('id').where('payment_status', '<>', 'OK'))
    .execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
