import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { KeyRound, LoaderCircle, TriangleAlert } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { passwordResetFormSchema } from '../../../shared/account/schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { errorCode, errorMessage, useTRPC } from '../../lib/trpc.ts';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';
import { Field, PasswordInput, PasswordRules } from './form-parts.tsx';
import { NS } from './i18n.ts';
import { useSignInWithToken } from './use-sign-in-with-token.ts';

type FormIn = z.input<typeof passwordResetFormSchema>;
type FormOut = z.output<typeof passwordResetFormSchema>;

/** /password-reset?t=…: a new password for the account of the e-mailed token. */
export function PasswordResetPage() {
  const { t } = useTranslation(NS);
  const { t: token } = useSearch({ from: '/password-reset' });
  const trpc = useTRPC();
  const signIn = useSignInWithToken();
  const [invalid, setInvalid] = React.useState(!token);
  const [askOpen, setAskOpen] = React.useState(false);
  const reset = useMutation(trpc.account.resetPassword.mutationOptions());
  const {
    register,
    handleSubmit,
    formState,
    watch,
    reset: clear,
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(passwordResetFormSchema),
    mode: 'onChange',
    defaultValues: { password: '', confirmation: '' },
  });
  const password = watch('password') ?? '';
  const confirmation = watch('confirmation') ?? '';

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
      } else {
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
        {!invalid && <CardDescription>{t('reset.description')}</CardDescription>}
      </CardHeader>
      <CardContent>
        {invalid ? (
          <div className="flex flex-col gap-4" role="alert" data-testid="reset-invalid">
            <p className="flex gap-2 text-sm">
              <TriangleAlert className="size-5 shrink-0 text-warning" aria-hidden />
              {token ? t('reset.invalidToken') : t('reset.missingToken')}
            </p>
            <Button className="self-start" onClick={() => setAskOpen(true)}>
              {t('reset.askAgain')}
            </Button>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="reset-form">
            <Field
              id="reset-password"
              label={t('fields.newPassword')}
              error={
                formState.touchedFields.password && formState.errors.password
                  ? t('errors.password')
                  : undefined
              }
            >
              <PasswordInput
                autoComplete="new-password"
                autoFocus
                maxLength={200}
                {...register('password', { deps: ['confirmation'] })}
              />
            </Field>
            <Field
              id="reset-confirmation"
              label={t('fields.confirmation')}
              error={confirmation && formState.errors.confirmation ? t('errors.mismatch') : undefined}
            >
              <PasswordInput autoComplete="new-password" maxLength={200} {...register('confirmation')} />
            </Field>
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
