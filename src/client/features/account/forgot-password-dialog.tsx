import { useMutation } from '@tanstack/react-query';
import { LoaderCircle, MailCheck } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { emailField } from '../../../shared/fields.ts';
import { TextField, useAppForm } from '../../components/form/index.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { errorCode, httpStatus, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';

/** Seed 000 §4: the forgot-password dialog goes INPUTTING → SUBMITTING → DONE. */
export type ForgotPasswordStage = 'INPUTTING' | 'SUBMITTING' | 'DONE';

const forgotSchema = z.object({ email: emailField });

export interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The e-mail typed in the login strip, to prefill the form. */
  defaultEmail?: string;
}

/**
 * E-mail entry, sending, then "sent" with the spam-folder hint. The server answers the same for
 * known and unknown e-mails, so the "sent" text says "if there is an account".
 */
export function ForgotPasswordDialog({ open, onOpenChange, defaultEmail }: ForgotPasswordDialogProps) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const [stage, setStage] = React.useState<ForgotPasswordStage>('INPUTTING');
  const form = useAppForm(forgotSchema, { email: defaultEmail ?? '' });
  const email = useWatch({ control: form.control, name: 'email' }) ?? '';
  const send = useMutation(trpc.account.requestPasswordReset.mutationOptions());

  const { reset, getValues } = form;
  React.useEffect(() => {
    if (open) {
      setStage('INPUTTING');
      reset({ email: defaultEmail || getValues('email') });
    }
  }, [open, defaultEmail, reset, getValues]);

  const submit = form.handleSubmit(async ({ email }) => {
    setStage('SUBMITTING');
    try {
      await send.mutateAsync({ email });
      setStage('DONE');
    } catch (err) {
      // Seed 000 §8: a 400 is 'Email inválido', anything else 'Problema com o servidor'.
      const code = errorCode(err);
      form.setError('email', {
        type: 'server',
        message:
          httpStatus(err) === 400
            ? t('forgot.invalidEmail')
            : code === 'RATE_LIMITED'
              ? t('rateLimited')
              : t('forgot.serverError'),
      });
      setStage('INPUTTING');
    }
  });

  return (
    <Dialog open={open} onOpenChange={(o) => stage !== 'SUBMITTING' && onOpenChange(o)}>
      <DialogContent
        closeLabel={t('common:common.close')}
        data-testid="forgot-password-dialog"
        hideClose={stage === 'SUBMITTING'}
      >
        {stage === 'DONE' ? (
          <>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                <MailCheck className="size-5 text-primary" aria-hidden />
                {t('forgot.sentTitle')}
              </DialogTitle>
              <DialogDescription data-testid="forgot-password-sent">
                {t('forgot.sent', { email: email.trim() })}
              </DialogDescription>
            </DialogHeader>
            <p className="rounded-md bg-secondary-soft p-3 text-sm">{t('forgot.spam')}</p>
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)} autoFocus>
                {t('common:common.close')}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            <DialogHeader>
              <DialogTitle>{t('forgot.title')}</DialogTitle>
              <DialogDescription>{t('forgot.description')}</DialogDescription>
            </DialogHeader>
            <TextField
              form={form}
              name="email"
              id="forgot-email"
              label={t('fields.email')}
              errorText={() => t('forgot.invalidEmail')}
              type="email"
              autoComplete="email"
              disabled={stage === 'SUBMITTING'}
              autoFocus
            />
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)} disabled={stage === 'SUBMITTING'}>
                {t('common:common.cancel')}
              </Button>
              <Button
                type="submit"
                disabled={stage === 'SUBMITTING' || !email.trim()}
                data-testid="forgot-password-submit"
              >
                {stage === 'SUBMITTING' && <LoaderCircle className="animate-spin" aria-hidden />}
                {stage === 'SUBMITTING' ? t('forgot.sending') : t('forgot.send')}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
