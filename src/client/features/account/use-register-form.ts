import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import * as React from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { type CepAddress, registrationFormSchema } from '../../../shared/account/schemas.ts';
import { applyServerErrors, useAppForm } from '../../components/form/index.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { errorCode, errorMessage, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';
import { useCepLookup } from './use-cep-lookup.ts';

/** Seed 000 §4: registration stages; a failure goes back to INPUTTING. */
export type Stage = 'INPUTTING' | 'SUBMITTING' | 'DONE';
export type FormIn = z.input<typeof registrationFormSchema>;

const EMPTY: FormIn = {
  name: '',
  email: '',
  phone: '',
  occupation: '',
  cnpjCompany: '',
  company: '',
  fantasyName: '',
  address: '',
  complement: '',
  state: '',
  city: '',
  neighborhood: '',
  cep: '',
  password: '',
  passwordConfirmation: '',
  acceptTerms: false,
};

/** The sign-up form's state: the form, the CEP lookup, the stage, and the submit. */
export function useRegisterForm() {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const search = useSearch({ from: '/register' });
  const trpc = useTRPC();
  const [stage, setStage] = React.useState<Stage>('INPUTTING');
  const [done, setDone] = React.useState<{ name: string; email: string } | null>(null);
  const form = useAppForm(registrationFormSchema, EMPTY, { mode: 'onChange' });
  const { handleSubmit, formState, setValue } = form;
  const registerMutation = useMutation(trpc.account.register.mutationOptions());

  const fillAddress = React.useCallback(
    (a: CepAddress) => {
      const opts = { shouldValidate: true, shouldDirty: true } as const;
      if (a.state) setValue('state', a.state, opts);
      if (a.city) setValue('city', a.city, opts);
      if (a.street) setValue('address', a.street, opts);
      if (a.neighborhood) setValue('neighborhood', a.neighborhood, opts);
    },
    [setValue],
  );
  const cepState = useCepLookup(useWatch({ control: form.control, name: 'cep' }), fillAddress);
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';
  const confirmation = useWatch({ control: form.control, name: 'passwordConfirmation' }) ?? '';

  /** The page's own texts for the client-side errors (the server's are shown as sent). */
  const err = (key: string) => () => t(`errors.${key}`);

  const onSubmit = handleSubmit(async (values) => {
    setStage('SUBMITTING');
    const { passwordConfirmation: _c, acceptTerms: _a, ...payload } = values;
    try {
      await registerMutation.mutateAsync({ ...payload, language: currentLanguage(), ...search });
      setDone({ name: payload.name, email: payload.email });
      setStage('DONE');
    } catch (e) {
      setStage('INPUTTING');
      const code = errorCode(e);
      // Sign-up was turned off while the form was open: the page says so instead of the form.
      if (code === 'USER_REGISTER_DISABLED')
        void qc.invalidateQueries({ queryKey: trpc.config.public.queryKey() });
      applyServerErrors(form, e, {
        USER_REGISTER_EMAIL_EXISTS: 'email',
        USER_REGISTER_EMAIL_INVALID: 'email',
      });
      toast.error(code === 'RATE_LIMITED' ? t('rateLimited') : errorMessage(e, t('errors.generic')));
    }
  });

  return { form, formState, stage, done, onSubmit, search, cepState, password, confirmation, err, navigate };
}

export type RegisterState = ReturnType<typeof useRegisterForm>;
