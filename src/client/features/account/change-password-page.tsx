import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { changePasswordFormSchema } from '../../../shared/account/schemas.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { errorCode, errorMessage, useTRPC } from '../../lib/trpc.ts';
import { Field, PasswordInput, PasswordRules } from './form-parts.tsx';
import { NS } from './i18n.ts';

type FormIn = z.input<typeof changePasswordFormSchema>;
type FormOut = z.output<typeof changePasswordFormSchema>;
const EMPTY: FormIn = { currentPassword: '', newPassword: '', confirmation: '' };

/** /change-password: enabled only when every rule holds; 'Senha atual inválida' / 'Senha atualizada'. */
export function ChangePasswordPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const change = useMutation(trpc.account.changePassword.mutationOptions());
  const { register, handleSubmit, formState, watch, reset, setError, setFocus } = useForm<
    FormIn,
    unknown,
    FormOut
  >({
    resolver: zodResolver(changePasswordFormSchema),
    mode: 'onChange',
    defaultValues: EMPTY,
  });
  const newPassword = watch('newPassword') ?? '';
  const confirmation = watch('confirmation') ?? '';

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      toast.success(t('changePassword.success'));
      reset(EMPTY);
    } catch (e) {
      if (errorCode(e) === 'PASSWORD_CURRENT_INVALID') {
        toast.error(t('changePassword.invalidCurrent'));
        setError('currentPassword', { type: 'server', message: t('changePassword.invalidCurrent') });
        setFocus('currentPassword');
      } else if (errorCode(e) === 'RATE_LIMITED') {
        toast.error(t('rateLimited'));
      } else {
        toast.error(errorMessage(e, t('errors.generic')));
      }
    }
  });

  const currentError = formState.errors.currentPassword;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('changePassword.title')} description={t('changePassword.description')} />
      <Card className="max-w-xl">
        <CardContent className="pt-6">
          <form
            onSubmit={onSubmit}
            noValidate
            className="flex flex-col gap-4"
            data-testid="change-password-form"
          >
            <Field
              id="cp-current"
              label={t('fields.currentPassword')}
              error={
                currentError
                  ? currentError.type === 'server'
                    ? currentError.message
                    : t('errors.currentPassword')
                  : undefined
              }
            >
              <PasswordInput
                autoComplete="current-password"
                maxLength={200}
                {...register('currentPassword')}
              />
            </Field>
            <Field
              id="cp-new"
              label={t('fields.newPassword')}
              error={
                formState.touchedFields.newPassword && formState.errors.newPassword
                  ? t('errors.password')
                  : undefined
              }
            >
              <PasswordInput
                autoComplete="new-password"
                maxLength={200}
                {...register('newPassword', { deps: ['confirmation'] })}
              />
            </Field>
            <Field
              id="cp-confirmation"
              label={t('fields.confirmation')}
              error={confirmation && formState.errors.confirmation ? t('errors.mismatch') : undefined}
            >
              <PasswordInput autoComplete="new-password" maxLength={200} {...register('confirmation')} />
            </Field>
            <PasswordRules password={newPassword} />
            <Button
              type="submit"
              className="self-end"
              disabled={!formState.isValid || formState.isSubmitting}
              data-testid="change-password-submit"
            >
              {formState.isSubmitting && <LoaderCircle className="animate-spin" aria-hidden />}
              {formState.isSubmitting ? t('changePassword.submitting') : t('changePassword.submit')}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
