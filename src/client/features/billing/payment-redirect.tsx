import { CheckCircle2, ExternalLink, TriangleAlert } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { buttonVariants, Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorCode, errorMessage } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { NS } from './i18n.ts';
import { openBillTab } from './open-bill.ts';

/**
 * Seed 000 §2/§4 "loading ('Redirecionando para o pagamento')": the stages of a call that makes
 * a bill (change of plan, tag order, the first bill after sign-up) and opens it in a new tab.
 */
export type RedirectState =
  | { stage: 'idle' }
  | { stage: 'loading' }
  | { stage: 'opened'; url: string; opened: boolean }
  | { stage: 'failed'; error: unknown };

export interface StartOptions {
  /** Show the loading stage only when the call takes longer than this (nothing may be due). */
  quietMs?: number;
  /** Error codes that mean "nothing to do" rather than a failure. */
  ignoreCodes?: readonly string[];
}

export interface PaymentRedirect {
  state: RedirectState;
  /**
   * Runs `create` (answers the bill's URL, or null when there is nothing to pay) showing the
   * loading stage, then opens the bill in a new tab. A failure shows its message with a retry.
   * Resolves with the URL (null: nothing to pay or failed).
   */
  start(create: () => Promise<string | null>, opts?: StartOptions): Promise<string | null>;
  retry(): void;
  close(): void;
}

export function usePaymentRedirect(): PaymentRedirect {
  const [state, setState] = React.useState<RedirectState>({ stage: 'idle' });
  const last = React.useRef<(() => Promise<string | null>) | null>(null);
  const start = React.useCallback(async (create: () => Promise<string | null>, opts: StartOptions = {}) => {
    last.current = create;
    // A quiet start shows the loading stage only if the answer takes longer than quietMs.
    let settled = false;
    if (opts.quietMs) {
      setTimeout(() => {
        if (!settled) setState({ stage: 'loading' });
      }, opts.quietMs);
    } else setState({ stage: 'loading' });
    try {
      const url = await create();
      settled = true;
      if (!url) {
        setState({ stage: 'idle' });
        return null;
      }
      setState({ stage: 'opened', url, opened: openBillTab(url) });
      return url;
    } catch (error) {
      settled = true;
      const code = errorCode(error);
      if (code && opts.ignoreCodes?.includes(code)) setState({ stage: 'idle' });
      else setState({ stage: 'failed', error });
      return null;
    }
  }, []);
  const retry = React.useCallback(() => {
    if (last.current) void start(last.current);
  }, [start]);
  const close = React.useCallback(() => setState({ stage: 'idle' }), []);
  return { state, start, retry, close };
}

/** The "Abrir fatura" link: a real link to a new tab (works when the automatic tab was blocked). */
export function OpenBillLink({
  url,
  label,
  variant = 'default',
  className,
  testId = 'open-bill',
}: {
  url: string;
  label?: string;
  variant?: 'default' | 'outline' | 'secondary' | 'link' | 'ghost';
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation(NS);
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(buttonVariants({ variant }), className)}
      data-testid={testId}
    >
      <ExternalLink aria-hidden />
      {label ?? t('redirect.openBill')}
    </a>
  );
}

/**
 * The dialog of a PaymentRedirect: loading (cannot be closed), the bill opened (or blocked) with
 * the "Abrir fatura" link, or the failure with "Tentar novamente". `success` replaces the title
 * and text of the opened stage (the tag order's 'Pedido realizado com sucesso!').
 */
export function PaymentRedirectDialog({
  redirect,
  success,
  failedTitle,
}: {
  redirect: PaymentRedirect;
  success?: { title: string; text: string };
  failedTitle?: string;
}) {
  const { t } = useTranslation(NS);
  const { state } = redirect;
  if (state.stage === 'idle') return null;
  const loading = state.stage === 'loading';
  return (
    <Dialog open onOpenChange={(open) => !open && !loading && redirect.close()}>
      <DialogContent
        hideClose={loading}
        closeLabel={t('close')}
        data-testid="payment-redirect"
        data-stage={state.stage}
        onEscapeKeyDown={(e) => loading && e.preventDefault()}
        onPointerDownOutside={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
        aria-describedby={loading ? 'payment-redirect-loading' : undefined}
      >
        {state.stage === 'loading' && (
          <>
            <DialogHeader>
              <DialogTitle>{t('redirect.title')}</DialogTitle>
            </DialogHeader>
            <div className="flex items-center gap-3 py-4" id="payment-redirect-loading">
              <Spinner label={t('redirect.loading')} />
              <span className="text-sm font-medium" data-testid="payment-redirect-loading">
                {t('redirect.loading')}
              </span>
            </div>
          </>
        )}
        {state.stage === 'opened' && (
          <>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                <CheckCircle2 className="size-5 text-success" aria-hidden />
                {success?.title ?? t('redirect.title')}
              </DialogTitle>
              <DialogDescription className="text-base text-foreground">
                {success?.text ?? t('redirect.opened')}
              </DialogDescription>
            </DialogHeader>
            {success && state.opened && (
              <p className="text-sm text-muted-foreground">{t('redirect.opened')}</p>
            )}
            {!state.opened && (
              <p role="alert" className="flex gap-2 text-sm text-warning" data-testid="bill-tab-blocked">
                <TriangleAlert className="size-4 shrink-0" aria-hidden />
                {t('redirect.blocked')}
              </p>
            )}
            <DialogFooter>
              <Button variant="outline" onClick={redirect.close} data-testid="payment-redirect-close">
                {t('close')}
              </Button>
              <OpenBillLink url={state.url} />
            </DialogFooter>
          </>
        )}
        {state.stage === 'failed' && (
          <>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                <TriangleAlert className="size-5 text-destructive" aria-hidden />
                {failedTitle ?? t('redirect.failedTitle')}
              </DialogTitle>
              <DialogDescription role="alert" data-testid="payment-redirect-error">
                {errorMessage(state.error, t('loadError'))}
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={redirect.close}>
                {t('close')}
              </Button>
              <Button onClick={redirect.retry} data-testid="payment-redirect-retry" autoFocus>
                {t('retry')}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
