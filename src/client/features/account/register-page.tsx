import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { CheckCircle2, LoaderCircle, MailCheck } from 'lucide-react';
import * as React from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { BRAZILIAN_STATES, maskCep, maskCnpj, maskPhone } from '../../../shared/masks.ts';
import { type CepAddress, registrationFormSchema } from '../../../shared/account/schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Input } from '../../components/ui/input.tsx';
import { currentLanguage } from '../../i18n/index.ts';
import { errorCode, errorMessage, useTRPC } from '../../lib/trpc.ts';
import { Field, NativeSelect, PasswordInput, PasswordRules } from './form-parts.tsx';
import { NS } from './i18n.ts';
import { UsageTerms } from './usage-terms.tsx';
import { useCepLookup } from './use-cep-lookup.ts';

/** Seed 000 §4: registration stages; a failure goes back to INPUTTING. */
type Stage = 'INPUTTING' | 'SUBMITTING' | 'DONE';
type FormIn = z.input<typeof registrationFormSchema>;
type FormOut = z.output<typeof registrationFormSchema>;

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

/** /register: the sign-up form of seed 000 §2 (query: selectedPlanId, equipmentQtt, productIdVindi, planIdVindi). */
export function RegisterPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const search = useSearch({ from: '/register' });
  const trpc = useTRPC();
  const [stage, setStage] = React.useState<Stage>('INPUTTING');
  const [done, setDone] = React.useState<{ name: string; email: string } | null>(null);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(registrationFormSchema),
    mode: 'onChange',
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, formState, watch, setValue, setError } = form;
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
  const cepState = useCepLookup(watch('cep'), fillAddress);
  const password = watch('password') ?? '';
  const acceptTerms = watch('acceptTerms');
  const confirmation = watch('passwordConfirmation') ?? '';

  const err = (name: FieldPath<FormIn>, key: string = name) =>
    formState.errors[name] ? t(`errors.${key}`) : undefined;

  const masked = (name: 'phone' | 'cnpjCompany' | 'cep', mask: (v: string) => string) => {
    const r = register(name);
    return {
      ...r,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
        e.target.value = mask(e.target.value);
        return r.onChange(e);
      },
    };
  };

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
      if (code === 'USER_REGISTER_EMAIL_EXISTS' || code === 'USER_REGISTER_EMAIL_INVALID') {
        setError('email', { type: 'server', message: errorMessage(e, '') });
        toast.error(errorMessage(e, t('errors.generic')));
      } else if (code === 'RATE_LIMITED') {
        toast.error(t('rateLimited'));
      } else {
        toast.error(errorMessage(e, t('errors.generic')));
      }
    }
  });

  if (stage === 'DONE' && done) {
    return (
      <Card className="mx-auto max-w-xl" data-testid="register-done">
        <CardHeader className="items-center text-center">
          <CheckCircle2 className="size-12 text-success" aria-hidden />
          <CardTitle className="text-2xl">{t('register.doneTitle', { name: done.name })}</CardTitle>
          <CardDescription className="text-base">
            {t('register.doneText', { email: done.email })}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-4">
          <p className="flex items-center gap-2 rounded-md bg-secondary-soft px-3 py-2 text-sm">
            <MailCheck className="size-4 shrink-0" aria-hidden />
            {t('register.doneSpam')}
          </p>
          <Button size="lg" onClick={() => void navigate({ to: '/' })} autoFocus>
            {t('register.goHome')}
          </Button>
        </CardContent>
      </Card>
    );
  }

  const submitting = stage === 'SUBMITTING';
  const serverEmailError =
    formState.errors.email?.type === 'server' ? formState.errors.email.message : undefined;

  return (
    <div className="mx-auto max-w-3xl">
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight">{t('register.title')}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t('register.subtitle')}</p>
      </div>
      <form onSubmit={onSubmit} noValidate aria-busy={submitting} data-testid="register-form">
        <fieldset disabled={submitting} className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t('register.sectionYou')}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <Field id="reg-name" label={t('fields.name')} error={err('name')}>
                <Input autoComplete="name" maxLength={100} {...register('name')} />
              </Field>
              <Field id="reg-email" label={t('fields.email')} error={serverEmailError ?? err('email')}>
                <Input type="email" autoComplete="email" maxLength={254} {...register('email')} />
              </Field>
              <Field id="reg-phone" label={t('fields.phone')} optional error={err('phone')}>
                <Input
                  type="tel"
                  inputMode="numeric"
                  autoComplete="tel-national"
                  placeholder="(00) 00000-0000"
                  {...masked('phone', maskPhone)}
                />
              </Field>
              <Field id="reg-occupation" label={t('fields.occupation')} error={err('occupation')}>
                <Input autoComplete="organization-title" maxLength={100} {...register('occupation')} />
              </Field>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t('register.sectionCompany')}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <Field id="reg-company" label={t('fields.company')} error={err('company')}>
                <Input autoComplete="organization" maxLength={255} {...register('company')} />
              </Field>
              <Field id="reg-fantasy" label={t('fields.fantasyName')} optional>
                <Input maxLength={255} {...register('fantasyName')} />
              </Field>
              <Field id="reg-cnpj" label={t('fields.cnpjCompany')} optional error={err('cnpjCompany')}>
                <Input
                  placeholder="00.000.000/0000-00"
                  autoCapitalize="characters"
                  {...masked('cnpjCompany', maskCnpj)}
                />
              </Field>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t('register.sectionAddress')}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-6">
              <Field
                id="reg-cep"
                className="sm:col-span-2"
                label={t('fields.cep')}
                optional
                error={err('cep')}
                hint={
                  cepState === 'loading' ? (
                    <span className="inline-flex items-center gap-1">
                      <LoaderCircle className="size-3 animate-spin" aria-hidden />
                      {t('register.cepLooking')}
                    </span>
                  ) : cepState === 'found' ? (
                    t('register.cepFound')
                  ) : cepState === 'not_found' ? (
                    t('register.cepNotFound')
                  ) : cepState === 'unavailable' ? (
                    t('register.cepUnavailable')
                  ) : undefined
                }
              >
                <Input
                  inputMode="numeric"
                  autoComplete="postal-code"
                  placeholder="00000-000"
                  data-cep-state={cepState}
                  {...masked('cep', maskCep)}
                />
              </Field>
              <Field id="reg-address" className="sm:col-span-4" label={t('fields.address')} optional>
                <Input autoComplete="address-line1" maxLength={255} {...register('address')} />
              </Field>
              <Field id="reg-complement" className="sm:col-span-2" label={t('fields.complement')} optional>
                <Input autoComplete="address-line2" maxLength={120} {...register('complement')} />
              </Field>
              <Field
                id="reg-neighborhood"
                className="sm:col-span-4"
                label={t('fields.neighborhood')}
                optional
              >
                <Input maxLength={120} {...register('neighborhood')} />
              </Field>
              <Field id="reg-city" className="sm:col-span-4" label={t('fields.city')} optional>
                <Input autoComplete="address-level2" maxLength={120} {...register('city')} />
              </Field>
              <Field
                id="reg-state"
                className="sm:col-span-2"
                label={t('fields.state')}
                optional
                error={err('state')}
              >
                <NativeSelect autoComplete="address-level1" {...register('state')}>
                  <option value="">{t('fields.selectState')}</option>
                  {BRAZILIAN_STATES.map((uf) => (
                    <option key={uf} value={uf}>
                      {uf}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t('register.sectionAccess')}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <Field
                id="reg-password"
                label={t('fields.password')}
                error={formState.touchedFields.password && err('password')}
              >
                <PasswordInput
                  autoComplete="new-password"
                  maxLength={200}
                  {...register('password', { deps: ['passwordConfirmation'] })}
                />
              </Field>
              <Field
                id="reg-password-confirmation"
                label={t('fields.passwordConfirmation')}
                error={confirmation && err('passwordConfirmation', 'mismatch')}
              >
                <PasswordInput
                  autoComplete="new-password"
                  maxLength={200}
                  {...register('passwordConfirmation')}
                />
              </Field>
              <div className="sm:col-span-2">
                <PasswordRules password={password} />
              </div>
              <div className="flex flex-col gap-3 sm:col-span-2">
                <UsageTerms />
                <div className="flex items-center gap-2">
                  <Checkbox
                    id="reg-accept-terms"
                    checked={acceptTerms === true}
                    onCheckedChange={(v) =>
                      setValue('acceptTerms', v === true, { shouldValidate: true, shouldDirty: true })
                    }
                    aria-describedby="usage-terms-title"
                    data-testid="accept-terms"
                  />
                  <label htmlFor="reg-accept-terms" className="cursor-pointer text-sm">
                    {t('register.acceptTerms')}
                  </label>
                </div>
              </div>
            </CardContent>
          </Card>

          <div className="flex flex-col-reverse items-stretch justify-between gap-3 sm:flex-row sm:items-center">
            <p className="text-sm text-muted-foreground">
              {t('register.haveAccount')}{' '}
              <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
                {t('register.signIn')}
              </Link>
            </p>
            <Button
              type="submit"
              size="lg"
              disabled={!formState.isValid || submitting}
              data-testid="register-submit"
            >
              {submitting && <LoaderCircle className="animate-spin" aria-hidden />}
              {submitting ? t('register.submitting') : t('register.submit')}
            </Button>
          </div>
          {submitting && (
            <p role="status" className="text-center text-sm text-muted-foreground">
              {t('register.submittingText')}
            </p>
          )}
        </fieldset>
      </form>
    </div>
  );
}
