/**
 * Tag orders (issue 17, seed 000 §2 /buy-tag): an admin orders QR or NFC tags for the session's
 * company; the provider bills them (one-off bill, our `code` tag-order-<id>); once paid the order
 * is a fulfilment item the provider admin sees (who, how many, the address copied at order time)
 * and marks shipped. A paid QR order's serials are allocated to the company (state.ts).
 */
import { sql } from 'kysely';
import { tagOrderCents } from '../../../shared/billing/money.ts';
import type {
  CreateTagOrderInput,
  ShippingAddress,
  TagOrder,
  TagOrderListInput,
} from '../../../shared/billing/schemas.ts';
import type { Page } from '../../../shared/list.ts';
import type { TenantContext } from '../../context.ts';
import { coreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { fetchPage, mapPage } from '../../kit/list.ts';
import type { SignedInContext } from '../../kit/operation.ts';
import { scopeOf, scopeWhere } from '../../kit/scope.ts';
import { providerProductId, TAG_PRODUCT_CODES, tagPrices } from './catalog.ts';
import { callProvider, ensureCustomer } from './common.ts';
import { billingProvider } from './provider.ts';
import { billLink } from './bill-links.ts';
import { applyProviderBill, tagOrderCode } from './state.ts';

const TAG_NAMES = { QR: 'Tag QR Code', NFC: 'Tag NFC' } as const;

/** Orders with their company, group, people and newest bill. */
function ordersFrom() {
  return coreDb()
    .selectFrom('billing_tag_orders as o')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .innerJoin('company_groups as g', 'g.id', 'o.company_group_id')
    .leftJoin('users as u', 'u.id', 'o.requested_by')
    .leftJoin('users as su', 'su.id', 'o.shipped_by')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('billing_bills as bb')
          .select(['bb.id', 'bb.status', 'bb.url'])
          .whereRef('bb.tag_order_id', '=', 'o.id')
          .orderBy('bb.created_at', 'desc')
          .orderBy('bb.id', 'desc')
          .limit(1)
          .as('b'),
      (join) => join.onTrue(),
    );
}

const ORDER_COLUMNS = [
  'o.id',
  'o.type',
  'o.quantity',
  'o.unit_cents',
  'o.total_cents',
  'o.status',
  'o.created_at',
  'o.paid_at',
  'o.company_id',
  'o.company_group_id',
  'o.shipping_address',
  'o.shipped_at',
  'o.batch_job_id',
  'c.name as company_name',
  'g.name as group_name',
  'u.id as requester_id',
  'u.name as requester_name',
  'u.email as requester_email',
  'su.name as shipper_name',
  'b.id as bill_id',
  'b.status as bill_status',
  'b.url as bill_url',
] as const;

/** A row of `ordersFrom()` with ORDER_COLUMNS. */
interface OrderRow {
  id: number;
  type: 'QR' | 'NFC';
  quantity: number;
  unit_cents: number;
  total_cents: number;
  status: TagOrder['status'];
  created_at: Date;
  paid_at: Date | null;
  company_id: number;
  company_group_id: number;
  shipping_address: Record<string, string> | null;
  shipped_at: Date | null;
  batch_job_id: string | null;
  company_name: string;
  group_name: string;
  requester_id: number | null;
  requester_name: string | null;
  requester_email: string | null;
  shipper_name: string | null;
  bill_id: number | null;
  bill_status: string | null;
  bill_url: string | null;
}

function toTagOrder(r: OrderRow): TagOrder {
  return {
    id: r.id,
    type: r.type,
    quantity: r.quantity,
    unitCents: r.unit_cents,
    totalCents: r.total_cents,
    billId: r.bill_id ?? null,
    billStatus: r.bill_status ?? null,
    billUrl: billLink(r.bill_url ?? null),
    status: r.status,
    createdAt: new Date(r.created_at),
    paidAt: r.paid_at ? new Date(r.paid_at) : null,
    companyId: r.company_id,
    companyName: r.company_name,
    companyGroupId: r.company_group_id,
    companyGroupName: r.group_name,
    requestedBy:
      r.requester_id === null
        ? null
        : { id: r.requester_id, name: r.requester_name ?? '', email: r.requester_email ?? '' },
    shippingAddress: r.shipping_address ?? null,
    shippedAt: r.shipped_at ? new Date(r.shipped_at) : null,
    shippedBy: r.shipper_name ?? null,
    batchJobId: r.batch_job_id ?? null,
  };
}

async function loadTagOrder(id: number): Promise<TagOrder> {
  const row = await ordersFrom().select(ORDER_COLUMNS).where('o.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('TAG_ORDER_NOT_FOUND');
  return toTagOrder(row as OrderRow);
}

/** Where an order placed now would be shipped: the session's company and its address. */
export async function shippingAddress(ctx: TenantContext): Promise<ShippingAddress> {
  const { auth } = ctx;
  if (!auth.companyId) return { companyName: null, address: null };
  const company = await coreDb()
    .selectFrom('companies')
    .select(['name', 'address'])
    .where('id', '=', auth.companyId)
    .where('company_group_id', '=', auth.companyGroup.id)
    .executeTakeFirst();
  return { companyName: company?.name ?? null, address: company?.address ?? null };
}

/** POST /web/billing/tag-orders: the order, its bill at the provider; answers it with `billUrl`. */
export async function createTagOrder(ctx: TenantContext, input: CreateTagOrderInput): Promise<TagOrder> {
  const { auth } = ctx;
  if (!auth.companyId) throw new AppError('TAG_ORDER_NEEDS_COMPANY');
  const groupId = auth.companyGroup.id;
  const company = await coreDb()
    .selectFrom('companies')
    .select(['id', 'address'])
    .where('id', '=', auth.companyId)
    .where('company_group_id', '=', groupId)
    .executeTakeFirst();
  if (!company) throw new AppError('TAG_ORDER_NEEDS_COMPANY');
  const prices = await tagPrices();
  const unit = prices[input.type];
  const order = await coreDb()
    .insertInto('billing_tag_orders')
    .values({
      company_group_id: groupId,
      company_id: company.id,
      requested_by: auth.user.id,
      type: input.type,
      quantity: input.quantity,
      unit_cents: unit,
      total_cents: tagOrderCents(input.type, input.quantity, prices),
      shipping_address: company.address ? JSON.stringify(company.address) : null,
      paid_at: null,
      shipped_at: null,
      shipped_by: null,
      batch_job_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    const provider = await billingProvider();
    const customerId = await ensureCustomer(provider, groupId);
    const productId = await callProvider('ensure product', () =>
      providerProductId(provider, TAG_PRODUCT_CODES[input.type], TAG_NAMES[input.type], unit),
    );
    const bill = await callProvider('create bill', () =>
      provider.createBill({
        customerId,
        paymentMethodCode: 'bank_slip',
        items: [{ productId, quantity: input.quantity, unitCents: unit }],
        code: tagOrderCode(order.id),
      }),
    );
    await applyProviderBill(bill);
  } catch (e) {
    // No bill, no order: the user sees the error and orders again.
    await coreDb().deleteFrom('billing_tag_orders').where('id', '=', order.id).execute();
    throw e;
  }
  return loadTagOrder(order.id);
}

/**
 * GET /web/billing/tag-orders: a group admin the group's orders, a company admin its company's; the
 * provider admin every group's (the fulfilment list; filter by status). Newest first by default.
 */
export async function listTagOrders(ctx: SignedInContext, input: TagOrderListInput): Promise<Page<TagOrder>> {
  const scope = scopeOf(ctx.auth);
  let base = ordersFrom().where(
    scopeWhere(scope, { group: sql.ref('o.company_group_id'), company: sql.ref('o.company_id') }),
  );
  if (input.status) base = base.where('o.status', '=', input.status);
  const page = await fetchPage(base, input, {
    search: [sql.ref('c.name'), sql.ref('g.name')],
    sorts: { createdAt: sql.ref('o.created_at'), status: sql.ref('o.status') },
    tiebreak: sql.ref('o.id'),
    select: (q) => q.select(ORDER_COLUMNS),
  });
  return mapPage(page, (r) => toTagOrder(r as OrderRow));
}

/** The provider admin marks a paid order shipped (again: answers it as it is). */
export async function markTagOrderShipped(ctx: SignedInContext, input: { id: number }): Promise<TagOrder> {
  const updated = await coreDb()
    .updateTable('billing_tag_orders')
    .set({ status: 'SHIPPED', shipped_at: new Date(), shipped_by: ctx.auth.user.id, updated_at: new Date() })
    .where('id', '=', input.id)
    .where('status', '=', 'PAID')
    .returning('id')
    .executeTakeFirst();
  if (!updated) {
    const order = await coreDb()
      .selectFrom('billing_tag_orders')
      .select('status')
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!order) throw new AppError('TAG_ORDER_NOT_FOUND');
    if (order.status !== 'SHIPPED') throw new AppError('TAG_ORDER_NOT_PAID');
  }
  return loadTagOrder(input.id);
}
