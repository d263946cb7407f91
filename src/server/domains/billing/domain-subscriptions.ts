/**
 * What billing does when a lower domain writes (kit/events.ts), in that transaction: a self
 * sign-up's activation sets the plan chosen at sign-up (issue 17: the free plan when none or
 * unknown) and, once it has committed and been answered, starts a paid plan's customer and
 * subscription — a provider failure never loses the activation, and `billing.startSubscription`
 * (the UI calls it next) retries it.
 */
import { runAfterAnswer } from '../../after-answer.ts';
import { afterCommit } from '../../db/after-commit.ts';
import { withCore } from '../../db/database.ts';
import { on } from '../../kit/events.ts';
import { environmentActivated } from '../account/index.ts';
import { setInitialPlan, startAfterActivation } from './subscriptions.ts';

export const billingSubscriptions = [
  on(environmentActivated, async (trx, _ctx, e) => {
    await setInitialPlan(withCore(trx), e.companyGroupId, e.selectedPlanId, e.equipmentQtt);
    afterCommit(trx, () =>
      runAfterAnswer('billing: subscription after activation', () => startAfterActivation(e.companyGroupId)),
    );
  }),
];
