/**
 * A company group's plan and subscription (issue 17): starting the subscription of the plan chosen
 * at sign-up, changing plan, canceling and reactivating, and what /my-plan and the seed's calls
 * read. Every change goes to the provider first and comes back through state.ts (the same apply
 * the webhooks use), under the group's billing lock.
 *
 * In files (issue 27 item 5): starting (subscription-start.ts), changes (subscription-changes.ts),
 * reads (subscription-reads.ts), group plans (group-plans.ts) and the rows they share
 * (subscription-rows.ts); callers import them from here.
 */

export * from './group-plans.ts';
export * from './subscription-changes.ts';
export * from './subscription-reads.ts';
export { toBill } from './subscription-rows.ts';
export * from './subscription-start.ts';
