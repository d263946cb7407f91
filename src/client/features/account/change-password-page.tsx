import { useMutation } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { changePasswordFormSchema } from '../../../shared/account/schemas.ts';
import { applyServerErrors, PasswordInput, TextField, useAppForm } from '../../components/form/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { errorCode, errorMessage, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';
import { PasswordRules } from './password-rules.tsx';

type FormIn = z.input<typeof changePasswordFormSchema>;
const EMPTY: FormIn = { currentPassword: '', newPassword: '', confirmation: '' };

/** /change-password: enabled only when every rule holds; 'Senha atual inválida' / 'Senha atualizada'. */
export function ChangePasswordPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const change = useMutation(trpc.account.changePassword.mutationOptions());
  const form = useAppForm(changePasswordFormSchema, EMPTY, { mode: 'onChange' });
  const { handleSubmit, formState, reset } = form;
  const newPassword = useWatch({ control: form.control, name: 'newPassword' }) ?? '';
  const confirmation = useWatch({ control: form.control, name: 'confirmation' }) ?? '';

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      toast.success(t('changePassword.success'));
      reset(EMPTY);
    } catch (e) {
      const code = errorCode(e);
      const onField = applyServerErrors(form, e, {
        PASSWORD_CURRENT_INVALID: {
          field: 'currentPassword',
          message: () => t('changePassword.invalidCurrent'),
        },
      });
      if (code === 'PASSWORD_CURRENT_INVALID') toast.error(t('changePassword.invalidCurrent'));
      else if (code === 'RATE_LIMITED') toast.error(t('rateLimited'));
      else if (!onField) toast.error(errorMessage(e, t('errors.generic')));
    }
  });

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
            <TextField
              form={form}
              name="currentPassword"
              id="cp-current"
              label={t('fields.currentPassword')}
              errorText={() => t('errors.currentPassword')}
              control={<PasswordInput autoComplete="current-password" maxLength={200} />}
            />
            <TextField
              form={form}
              name="newPassword"
              id="cp-new"
              label={t('fields.newPassword')}
              errorText={() => formState.touchedFields.newPassword && t('errors.password')}
              registerOptions={{ deps: ['confirmation'] }}
              control={<PasswordInput autoComplete="new-password" maxLength={200} />}
            />
            <TextField
              form={form}
              name="confirmation"
              id="cp-confirmation"
              label={t('fields.confirmation')}
              errorText={() => confirmation !== '' && t('errors.mismatch')}
              control={<PasswordInput autoComplete="new-password" maxLength={200} />}
            />
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
