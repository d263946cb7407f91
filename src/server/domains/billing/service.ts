/** Billing services (issue 17). First commit: the contract only; the bodies follow. */
import type { z } from 'zod';
import type {
  Bill,
  ChangePlanInput,
  CompanyGroupPlan,
  CreateTagOrderInput,
  MyPlan,
  PaymentStatus,
  Plan,
  Subscription,
  SubscriptionRow,
  SubscriptionStart,
  TagOrder,
  TagOrderListInput,
  TagPrices,
  UpdatePlanInput,
  companyGroupPlanListSchema,
  subscriptionRowsListSchema,
  updateTagPriceSchema,
} from '../../../shared/billing/schemas.ts';
import type { Page } from '../../../shared/list.ts';
import type { TenantContext } from '../../context.ts';
import type { SignedInContext } from '../../kit/operation.ts';

function notYet(): never {
  throw new Error('billing: not built yet');
}

export async function listPlans(): Promise<Plan[]> {
  return notYet();
}
export async function tagPrices(): Promise<TagPrices> {
  return notYet();
}
export async function updatePlan(_ctx: SignedInContext, _input: UpdatePlanInput): Promise<Plan> {
  return notYet();
}
export async function updateTagPrice(
  _ctx: SignedInContext,
  _input: z.output<typeof updateTagPriceSchema>,
): Promise<TagPrices> {
  return notYet();
}
export async function listGroupPlans(
  _ctx: SignedInContext,
  _input: z.output<typeof companyGroupPlanListSchema>,
): Promise<Page<CompanyGroupPlan>> {
  return notYet();
}
export async function getGroupPlan(_ctx: SignedInContext, _input: { id: number }): Promise<CompanyGroupPlan> {
  return notYet();
}
export async function getGroupStatus(
  _ctx: SignedInContext,
  _input: { id: number },
): Promise<{ companyGroupId: number; paymentStatus: PaymentStatus }> {
  return notYet();
}
export async function myPlan(_ctx: TenantContext): Promise<MyPlan> {
  return notYet();
}
export async function subscriptionRows(
  _ctx: TenantContext,
  _input: z.output<typeof subscriptionRowsListSchema>,
): Promise<Page<SubscriptionRow>> {
  return notYet();
}
export async function getSubscription(
  _ctx: TenantContext,
  _input: { id: number },
): Promise<{ subscription: Subscription }> {
  return notYet();
}
export async function startSubscription(_ctx: TenantContext): Promise<SubscriptionStart> {
  return notYet();
}
export async function changePlan(_ctx: TenantContext, _input: ChangePlanInput): Promise<SubscriptionStart> {
  return notYet();
}
export async function cancelSubscription(
  _ctx: TenantContext,
  _input: { id: number },
): Promise<{ subscription: Subscription }> {
  return notYet();
}
export async function reactivateSubscription(
  _ctx: TenantContext,
  _input: { id: number },
): Promise<{ subscription: Subscription }> {
  return notYet();
}
export async function subscriptionBills(
  _ctx: TenantContext,
  _input: { id: number },
): Promise<{ bills: Bill[] }> {
  return notYet();
}
export async function createTagOrder(_ctx: TenantContext, _input: CreateTagOrderInput): Promise<TagOrder> {
  return notYet();
}
export async function listTagOrders(
  _ctx: SignedInContext,
  _input: TagOrderListInput,
): Promise<Page<TagOrder>> {
  return notYet();
}
export async function markTagOrderShipped(_ctx: SignedInContext, _input: { id: number }): Promise<TagOrder> {
  return notYet();
}
