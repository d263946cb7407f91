import { z } from 'zod';
import {
  shippingAddressSchema,
  changePlanSchema,
  changeQuoteSchema,
  companyGroupPlanListSchema,
  companyGroupPlanSchema,
  companyGroupStatusSchema,
  createTagOrderSchema,
  markShippedSchema,
  myPlanSchema,
  planSchema,
  subscriptionRowSchema,
  subscriptionRowsListSchema,
  subscriptionSchema,
  subscriptionStartSchema,
  billSchema,
  tagOrderCreatedSchema,
  tagOrderListSchema,
  tagOrderSchema,
  tagPricesSchema,
  updatePlanSchema,
  updateTagPriceSchema,
} from '../../../shared/billing/schemas.ts';
import { idField } from '../../../shared/fields.ts';
import { pageSchema } from '../../../shared/list.ts';
import { ADMIN_ROLES, ROLES } from '../../../shared/roles.ts';
import { mutation, PUBLIC, query, signedIn, tenant } from '../../kit/operation.ts';
import * as s from './service.ts';

/**
 * Plans, subscriptions, bills and tag orders (issue 17; seed 000 §2, §6, §7). The group's billing
 * is the group admin's and the provider admin's (seed §6 "My plan visible only to product admin
 * and company group admin"); tags are bought by every admin (seed §2 gives /buy-tag to the
 * company admin too); the payment status is read by every role (the pending-payment pop-up).
 * A caller reaches only its own group's billing (the provider admin: the session's group, and
 * every group's plan and tag orders).
 */
const PLAN_OWNERS = tenant(['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN']);
const PROVIDER = signedIn(['MOBCHECK_ADMIN']);

export const billingOperations = {
  plans: query({
    access: PUBLIC,
    summary: 'The plans (landing cards, /plans, /register, /my-plan), in card order.',
    output: z.array(planSchema),
    rest: { method: 'get', path: '/web/billing/plans/' },
    // The landing page shows them beside the maintenance notice: a 503 here would replace it.
    maintenance: 'open',
    handler: () => s.listPlans(),
  }),
  tagPrices: query({
    access: PUBLIC,
    summary: 'The unit price of each tag type (the /buy-tag cards).',
    output: tagPricesSchema,
    rest: { method: 'get', path: '/web/billing/tag-prices/' },
    handler: () => s.tagPrices(),
  }),
  updatePlan: mutation({
    access: PROVIDER,
    summary:
      'The provider admin edits a plan: name, description, price, equipment limit, unit price, active.',
    input: updatePlanSchema,
    output: planSchema,
    rest: { method: 'put', path: '/web/billing/plans/:id/' },
    handler: (ctx, input) => s.updatePlan(ctx, input),
  }),
  updateTagPrice: mutation({
    access: PROVIDER,
    summary: 'The provider admin edits the unit price of a tag type.',
    input: updateTagPriceSchema,
    output: tagPricesSchema,
    rest: { method: 'put', path: '/web/billing/tag-prices/:type/' },
    handler: (ctx, input) => s.updateTagPrice(ctx, input),
  }),
  groupPlans: query({
    access: signedIn(['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN']),
    summary: "Company groups' plans (the provider admin: every group; a group admin: its own).",
    input: companyGroupPlanListSchema,
    output: pageSchema(companyGroupPlanSchema),
    rest: { method: 'get', path: '/web/company-groups/company-group-plan/' },
    handler: (ctx, input) => s.listGroupPlans(ctx, input),
  }),
  groupPlan: query({
    access: signedIn(['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN']),
    summary: "A company group's plan (404 for another group's, unless provider admin).",
    input: z.object({ id: idField }),
    output: companyGroupPlanSchema,
    rest: { method: 'get', path: '/web/company-groups/company-group-plan/:id/' },
    handler: (ctx, input) => s.getGroupPlan(ctx, input),
  }),
  groupStatus: query({
    access: signedIn(ROLES),
    summary: "A company group's payment status (OK, PENDING, BLOCKED): the pending-payment check.",
    input: z.object({ id: idField }),
    output: companyGroupStatusSchema,
    rest: { method: 'get', path: '/web/company-groups/company-group-status/:id/' },
    handler: (ctx, input) => s.getGroupStatus(ctx, input),
  }),
  myPlan: query({
    access: PLAN_OWNERS,
    summary:
      "/my-plan: the group's plan, limit and use, payment status, current subscription and oldest unpaid bill.",
    output: myPlanSchema,
    rest: { method: 'get', path: '/web/billing/my-plan/' },
    handler: (ctx) => s.myPlan(ctx),
  }),
  changeQuote: query({
    access: PLAN_OWNERS,
    summary:
      'What changing to a plan would bill before confirming: its price, the credit for the unused days of the paid period and the first bill (price − credit).',
    input: changePlanSchema.omit({ id: true }),
    output: changeQuoteSchema,
    rest: { method: 'get', path: '/web/billing/change-quote/' },
    handler: (ctx, input) => s.quoteChange(ctx, input),
  }),
  subscriptionRows: query({
    access: PLAN_OWNERS,
    summary: '/my-plan table: one row per bill of the group’s subscriptions, newest first.',
    input: subscriptionRowsListSchema,
    output: pageSchema(subscriptionRowSchema),
    rest: { method: 'get', path: '/web/billing/my-plan/rows/' },
    handler: (ctx, input) => s.subscriptionRows(ctx, input),
  }),
  subscription: query({
    access: PLAN_OWNERS,
    summary: 'A subscription of the group (response field `subscription`).',
    input: z.object({ id: idField }),
    output: z.object({ subscription: subscriptionSchema }),
    rest: { method: 'get', path: '/web/company-groups/subscription/:id/' },
    handler: (ctx, input) => s.getSubscription(ctx, input),
  }),
  startSubscription: mutation({
    access: PLAN_OWNERS,
    summary:
      "Creates the customer and the subscription of the group's chosen plan when it has none (after a paid-plan sign-up; idempotent, retry after a provider failure); answers the bill to open.",
    output: subscriptionStartSchema,
    rest: { method: 'post', path: '/web/billing/subscription/start/' },
    handler: (ctx) => s.startSubscription(ctx),
  }),
  changePlan: mutation({
    access: PLAN_OWNERS,
    summary:
      'Changes the group’s plan (and the custom plan’s quantity): the current subscription is canceled and a new one starts; answers the bill to open (none for the free plan).',
    input: changePlanSchema,
    output: subscriptionStartSchema,
    rest: [
      { method: 'put', path: '/web/company-groups/subscription/:id/' },
      {
        method: 'put',
        path: '/web/billing/subscription/',
        summary: 'The same for a group without a subscription.',
      },
    ],
    handler: (ctx, input) => s.changePlan(ctx, input),
  }),
  cancelSubscription: mutation({
    access: PLAN_OWNERS,
    summary: 'Cancels a subscription of the group (free of charge, seed §1).',
    input: z.object({ id: idField }),
    output: z.object({ subscription: subscriptionSchema }),
    rest: { method: 'delete', path: '/web/company-groups/subscription/:id/' },
    handler: (ctx, input) => s.cancelSubscription(ctx, input),
  }),
  reactivateSubscription: mutation({
    access: PLAN_OWNERS,
    summary: 'Reactivates a canceled subscription of the group.',
    input: z.object({ id: idField }),
    output: z.object({ subscription: subscriptionSchema }),
    rest: { method: 'post', path: '/web/company-groups/subscription/:id/reactivate/' },
    handler: (ctx, input) => s.reactivateSubscription(ctx, input),
  }),
  bills: query({
    access: PLAN_OWNERS,
    summary: 'The bills of a subscription of the group, newest first (`bills[0]`: url, amount, status).',
    input: z.object({ id: idField }),
    output: z.object({ bills: z.array(billSchema) }),
    rest: { method: 'get', path: '/web/company-groups/bill/:id/' },
    handler: (ctx, input) => s.subscriptionBills(ctx, input),
  }),
  tagOrders: {
    shippingAddress: query({
      access: tenant(ADMIN_ROLES),
      summary: "The session's company and its address, where an order placed now would be shipped.",
      output: shippingAddressSchema,
      rest: { method: 'get', path: '/web/billing/tag-orders/shipping-address/' },
      handler: (ctx) => s.shippingAddress(ctx),
    }),
    create: mutation({
      access: tenant(ADMIN_ROLES),
      summary:
        "Orders QR or NFC tags for the session's company: a bill to pay, shipped to the company's address.",
      input: createTagOrderSchema,
      output: tagOrderCreatedSchema,
      rest: { method: 'post', path: '/web/billing/tag-orders/', status: 201 },
      handler: (ctx, input) => s.createTagOrder(ctx, input),
    }),
    list: query({
      access: signedIn(ADMIN_ROLES),
      summary:
        "Tag orders: the caller's group (a company admin: its company); the provider admin every group's (the fulfilment list, by status).",
      input: tagOrderListSchema,
      output: pageSchema(tagOrderSchema),
      rest: { method: 'get', path: '/web/billing/tag-orders/' },
      handler: (ctx, input) => s.listTagOrders(ctx, input),
    }),
    markShipped: mutation({
      access: PROVIDER,
      summary: 'The provider admin marks a paid tag order shipped.',
      input: markShippedSchema,
      output: tagOrderSchema,
      rest: { method: 'put', path: '/web/billing/tag-orders/:id/shipped/' },
      handler: (ctx, input) => s.markTagOrderShipped(ctx, input),
    }),
  },
};
