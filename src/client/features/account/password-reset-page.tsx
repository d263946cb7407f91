import { useMutation } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { KeyRound, LoaderCircle, TriangleAlert } from 'lucide-react';
import * as React from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type EmailTokenStatus, passwordResetFormSchema } from '../../../shared/account/schemas.ts';
import { applyServerErrors, PasswordInput, TextField, useAppForm } from '../../components/form/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorCode, errorMessage, useTRPC } from '../../lib/trpc.ts';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';
import { NS } from './i18n.ts';
import { PasswordRules } from './password-rules.tsx';
import { useSignInWithToken } from './use-sign-in-with-token.ts';

/** /password-reset?t=…: a new password for the account of the e-mailed token. */
export function PasswordResetPage() {
  const { t } = useTranslation(NS);
  const { t: token } = useSearch({ from: '/password-reset' });
  const trpc = useTRPC();
  const signIn = useSignInWithToken();
  const [invalid, setInvalid] = React.useState(!token);
  const [askOpen, setAskOpen] = React.useState(false);
  const reset = useMutation(trpc.account.resetPassword.mutationOptions());
  // The link is checked when the page opens (issue 16): a used or expired one says why at once,
  // instead of refusing only after the new password was typed twice.
  const check = useMutation(trpc.account.checkEmailToken.mutationOptions());
  const [linkStatus, setLinkStatus] = React.useState<EmailTokenStatus | 'CHECKING'>(
    token ? 'CHECKING' : 'INVALID',
  );
  const checkLink = check.mutateAsync;
  React.useEffect(() => {
    if (!token) return;
    let live = true;
    setLinkStatus('CHECKING');
    checkLink({ token, purpose: 'reset' }).then(
      (r) => {
        if (!live) return;
        setLinkStatus(r.status);
        if (r.status !== 'VALID') setInvalid(true);
      },
      // Could not check (offline, server trouble): the form is offered, the reset call decides.
      () => live && setLinkStatus('VALID'),
    );
    return () => {
      live = false;
    };
  }, [token, checkLink]);
  const form = useAppForm(passwordResetFormSchema, { password: '', confirmation: '' }, { mode: 'onChange' });
  const { handleSubmit, formState, reset: clear } = form;
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';
  const confirmation = useWatch({ control: form.control, name: 'confirmation' }) ?? '';

  const onSubmit = handleSubmit(async ({ password }) => {
    if (!token) return;
    try {
      const session = await reset.mutateAsync({ token, password });
      toast.success(t('reset.done'));
      await signIn(session.token);
    } catch (e) {
      if (errorCode(e) === 'TOKEN_INVALID') {
        setInvalid(true);
        clear();
      } else if (!applyServerErrors(form, e)) {
        toast.error(errorMessage(e, t('errors.generic')));
      }
    }
  });

  return (
    <Card className="mx-auto max-w-lg">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <KeyRound className="size-5 text-primary" aria-hidden />
          {t('reset.title')}
        </CardTitle>
        {!invalid && linkStatus !== 'CHECKING' && <CardDescription>{t('reset.description')}</CardDescription>}
      </CardHeader>
      <CardContent>
        {linkStatus === 'CHECKING' ? (
          <div className="flex items-center gap-3 py-4" data-testid="reset-checking">
            <Spinner label={t('linkCheck.checking')} />
            <span className="text-sm">{t('linkCheck.checking')}</span>
          </div>
        ) : invalid ? (
          <div
            className="flex flex-col gap-4"
            role="alert"
            data-testid="reset-invalid"
            data-reason={token ? linkStatus : 'MISSING'}
          >
            <p className="flex gap-2 text-sm">
              <TriangleAlert className="size-5 shrink-0 text-warning" aria-hidden />
              {!token
                ? t('reset.missingToken')
                : linkStatus === 'VALID'
                  ? t('reset.invalidToken')
                  : t(`linkCheck.${linkStatus}`)}
            </p>
            <Button className="self-start" onClick={() => setAskOpen(true)}>
              {t('reset.askAgain')}
            </Button>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="reset-form">
            <TextField
              form={form}
              name="password"
              id="reset-password"
              label={t('fields.newPassword')}
              errorText={() => formState.touchedFields.password && t('errors.password')}
              registerOptions={{ deps: ['confirmation'] }}
              control={<PasswordInput autoComplete="new-password" autoFocus maxLength={200} />}
            />
            <TextField
              form={form}
              name="confirmation"
              id="reset-confirmation"
              label={t('fields.confirmation')}
              errorText={() => confirmation !== '' && t('errors.mismatch')}
              control={<PasswordInput autoComplete="new-password" maxLength={200} />}
            />
            <PasswordRules password={password} />
            <Button
              type="submit"
              disabled={!formState.isValid || formState.isSubmitting}
              data-testid="reset-submit"
            >
              {formState.isSubmitting && <LoaderCircle className="animate-spin" aria-hidden />}
              {formState.isSubmitting ? t('reset.submitting') : t('reset.submit')}
            </Button>
          </form>
        )}
      </CardContent>
      {askOpen && <ForgotPasswordDialog open={askOpen} onOpenChange={setAskOpen} />}
    </Card>
  );
}
