import { useMutation } from '@tanstack/react-query';
import { Info, LoaderCircle, MailCheck } from 'lucide-react';
import * as React from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { resendActivationSchema } from '../../../shared/account/schemas.ts';
import { TextField, useAppForm } from '../../components/form/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';

/**
 * "Reenviar e-mail de ativação" (issue 16): asks for a new activation link. The server answers
 * the same whether or not a pending sign-up exists, so "sent" says "if there is one"; the limit
 * (ACTIVATION_RESEND_LIMITED) is shown in the user's language. With `email` the address is fixed
 * (the one just typed at sign-in); without it, it is asked for.
 */
export function ResendActivation({ email }: { email?: string }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const send = useMutation(trpc.account.resendActivation.mutationOptions());
  const [sentTo, setSentTo] = React.useState<string | null>(null);
  const [failure, setFailure] = React.useState<string | null>(null);
  const form = useAppForm(resendActivationSchema, { email: email ?? '' });
  const typed = useWatch({ control: form.control, name: 'email' }) ?? '';

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send.mutateAsync(values);
      setSentTo(values.email);
    } catch (e) {
      setFailure(errorMessage(e, t('errors.generic')));
    }
  });

  if (sentTo)
    return (
      <p
        className="flex gap-2 rounded-md bg-secondary-soft p-3 text-sm"
        role="status"
        data-testid="activation-resent"
      >
        <MailCheck className="size-4 shrink-0 translate-y-0.5" aria-hidden />
        {t('activationHelp.sent', { email: sentTo })}
      </p>
    );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" data-testid="resend-activation">
      {email === undefined && (
        <TextField
          form={form}
          name="email"
          id="resend-activation-email"
          label={t('activationHelp.emailLabel')}
          errorText={() => t('errors.email')}
          type="email"
          autoComplete="email"
        />
      )}
      <Button
        type="submit"
        variant={email === undefined ? 'default' : 'outline'}
        className="self-start"
        disabled={send.isPending || !typed.trim()}
        data-testid="resend-activation-submit"
      >
        {send.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
        {send.isPending ? t('activationHelp.sending') : t('activationHelp.resend')}
      </Button>
      {failure && (
        <p className="text-sm text-destructive" role="alert" data-testid="resend-activation-error">
          {failure}
        </p>
      )}
    </form>
  );
}

/** Shown by the login strip when a sign-up that was not activated yet signs in. */
export function ActivationPendingNotice({ email }: { email: string }) {
  const { t } = useTranslation(NS);
  return (
    <div
      role="alert"
      data-testid="activation-pending-notice"
      className="mt-3 flex gap-3 rounded-lg border border-secondary/60 bg-secondary-soft p-3 text-sm text-foreground lg:w-[34rem]"
    >
      <Info className="mt-0.5 size-5 shrink-0 text-secondary" aria-hidden />
      <div className="flex flex-col gap-2">
        <p className="font-semibold">{t('activationHelp.title')}</p>
        <p>{t('activationHelp.text', { email })}</p>
        <ResendActivation email={email} />
      </div>
    </div>
  );
}
