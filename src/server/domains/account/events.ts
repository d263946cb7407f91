/**
 * The account domain's events (kit/events.ts), published inside the write's transaction (a core
 * transaction run by `transactionWithHooks`, so a subscriber may register `afterCommit` work).
 */
import type { Kysely, Transaction } from 'kysely';
import { defineEvent } from '../../kit/events.ts';

export interface EnvironmentActivated {
  companyGroupId: number;
  /** the plan chosen at sign-up (null: none) and the equipment quantity asked for */
  selectedPlanId: number | null;
  equipmentQtt: number | null;
}
/**
 * A self sign-up's environment activated: its company group now exists. Published with the raw
 * transaction (`withCore(trx)` reads the core schema); no request context.
 */
export const environmentActivated = defineEvent<
  EnvironmentActivated,
  void,
  Transaction<unknown> | Kysely<unknown>,
  null
>('account.environment_activated');
