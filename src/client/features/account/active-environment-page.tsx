import { useMutation } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { Building2, TriangleAlert } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorCode, useTRPC } from '../../lib/trpc.ts';
import { markFirstBill } from '../billing/first-bill.tsx';
import { NS } from './i18n.ts';
import { ResendActivation } from './resend-activation.tsx';
import { useSignInWithToken } from './use-sign-in-with-token.ts';

type Outcome = 'activating' | 'missing' | 'invalid' | 'expired' | 'used' | 'already' | 'failed';

/** The check's answer (issue 16), as this page's outcome; VALID goes on to activate. */
const OUTCOME_OF = {
  EXPIRED: 'expired',
  USED: 'used',
  INVALID: 'invalid',
  ALREADY_ACTIVE: 'already',
} as const;

/** /active-environment?t=…: activates the sign-up's environment and signs the user in. */
export function ActiveEnvironmentPage() {
  const { t } = useTranslation(NS);
  const { t: token } = useSearch({ from: '/active-environment' });
  const trpc = useTRPC();
  const signIn = useSignInWithToken();
  const activate = useMutation(trpc.account.activate.mutationOptions());
  const check = useMutation(trpc.account.checkEmailToken.mutationOptions());
  const [outcome, setOutcome] = React.useState<Outcome>(token ? 'activating' : 'missing');
  const started = React.useRef<string | null>(null);

  const run = React.useCallback(async () => {
    if (!token) return;
    setOutcome('activating');
    try {
      // Checked first, so an expired or replaced link says which (the activation says "invalid").
      const { status } = await check.mutateAsync({ token, purpose: 'activation' });
      if (status !== 'VALID') {
        setOutcome(OUTCOME_OF[status]);
        return;
      }
      const session = await activate.mutateAsync({ token });
      toast.success(t('activation.done'));
      // A paid-plan sign-up: once signed in, the layout opens the first bill (issue 17).
      markFirstBill();
      await signIn(session.token);
    } catch (e) {
      const code = errorCode(e);
      setOutcome(
        code === 'TOKEN_INVALID' ? 'invalid' : code === 'ENVIRONMENT_ALREADY_ACTIVE' ? 'already' : 'failed',
      );
    }
  }, [token, activate.mutateAsync, check.mutateAsync, signIn, t]);

  React.useEffect(() => {
    // Once per token (React's strict mode runs effects twice; the token is single-use).
    if (!token || started.current === token) return;
    started.current = token;
    void run();
  }, [token, run]);

  return (
    <Card className="mx-auto max-w-lg" data-testid="activation" data-outcome={outcome}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <Building2 className="size-5 text-primary" aria-hidden />
          {t('activation.title')}
        </CardTitle>
        {outcome === 'activating' && <CardDescription>{t('activation.activatingText')}</CardDescription>}
      </CardHeader>
      <CardContent>
        {outcome === 'activating' ? (
          <div className="flex items-center gap-3 py-4">
            <Spinner label={t('activation.activating')} />
            <span className="text-sm">{t('activation.activating')}</span>
          </div>
        ) : (
          <div className="flex flex-col gap-4" role="alert">
            <p className="flex gap-2 text-sm">
              <TriangleAlert className="size-5 shrink-0 text-warning" aria-hidden />
              {outcome === 'missing'
                ? t('activation.missingToken')
                : outcome === 'invalid'
                  ? t('activation.invalidToken')
                  : outcome === 'expired'
                    ? t('linkCheck.EXPIRED')
                    : outcome === 'used'
                      ? t('linkCheck.USED')
                      : outcome === 'already'
                        ? t('activation.alreadyActive')
                        : t('activation.failed')}
            </p>
            {outcome !== 'already' && outcome !== 'failed' && <ResendActivation />}
            <div className="flex flex-wrap gap-2">
              {outcome === 'failed' && <Button onClick={() => void run()}>{t('activation.retry')}</Button>}
              <Link
                to="/"
                className={buttonVariants({ variant: outcome === 'already' ? 'default' : 'outline' })}
              >
                {t('activation.signIn')}
              </Link>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
