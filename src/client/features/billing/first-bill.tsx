import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useSession } from '../../lib/session.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { PaymentRedirectDialog, usePaymentRedirect } from './payment-redirect.tsx';

/**
 * Seed 000 §4: after a sign-up with a paid plan "a subscription is created after registration and
 * the bill page opens in a new tab". The activation page marks the tab (sessionStorage, so the
 * mark survives the sign-in's redirect to the home page but not the tab); once signed in, the
 * layout asks the server for the group's subscription (`billing.startSubscription`: creates it
 * when the chosen plan is paid and there is none yet, answers the open bill either way; nothing
 * for the free plan) and opens its bill, with "Redirecionando para o pagamento" while it works,
 * an "Abrir fatura" link, and a retry when the payment provider failed (the activation itself
 * is never lost: the subscription can also be started from /my-plan).
 */
const KEY = 'billing.firstBill';

/** Called by the activation page just before it signs the new user in. */
export function markFirstBill(): void {
  try {
    sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    // storage unavailable: /my-plan still offers the bill
  }
}

function takeFirstBill(): boolean {
  try {
    const at = Number(sessionStorage.getItem(KEY));
    sessionStorage.removeItem(KEY);
    // A mark older than ten minutes is stale (the tab was left on the activation page).
    return at > 0 && Date.now() - at < 10 * 60_000;
  } catch {
    return false;
  }
}

/** Mounted by the signed-in layout: does nothing unless the tab has just activated a sign-up. */
export function FirstBillAfterSignUp() {
  const { role } = useSession();
  const owner = role === 'COMPANY_GROUP_ADMIN' || role === 'MOBCHECK_ADMIN';
  const [due] = React.useState(() => owner && takeFirstBill());
  const trpc = useTRPC();
  const qc = useQueryClient();
  const redirect = usePaymentRedirect();
  const startSubscription = useMutation(trpc.billing.startSubscription.mutationOptions());
  const started = React.useRef(false);
  const { start } = redirect;
  const run = startSubscription.mutateAsync;

  React.useEffect(() => {
    if (!due || started.current) return;
    started.current = true;
    void start(
      async () => {
        const answer = await run();
        void qc.invalidateQueries({ queryKey: trpc.billing.pathKey() });
        return answer.billUrl;
      },
      { quietMs: 300, ignoreCodes: ['SUBSCRIPTION_ALREADY_ACTIVE', 'FORBIDDEN', 'TENANT_FORBIDDEN'] },
    );
  }, [due, start, run, qc, trpc]);

  if (!due) return null;
  return <PaymentRedirectDialog redirect={redirect} />;
}
