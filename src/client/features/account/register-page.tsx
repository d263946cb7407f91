import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { CheckCircle2, CircleSlash, LoaderCircle, MailCheck } from 'lucide-react';
import * as React from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { BRAZILIAN_STATES, maskCep, maskCnpj, maskPhone } from '../../../shared/masks.ts';
import { type CepAddress, registrationFormSchema } from '../../../shared/account/schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import {
  applyServerErrors,
  CheckboxField,
  MaskedField,
  NativeSelect,
  PasswordInput,
  TextField,
  useAppForm,
} from '../../components/form/index.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { CONTACT_EMAIL } from '../../lib/constants.ts';
import { ChosenPlan } from '../billing/chosen-plan.tsx';
import { usePublicConfig } from '../../lib/public-config.ts';
import { errorCode, errorMessage, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';
import { PasswordRules } from './password-rules.tsx';
import { UsageTerms } from './usage-terms.tsx';
import { useCepLookup } from './use-cep-lookup.ts';

/** Seed 000 §4: registration stages; a failure goes back to INPUTTING. */
type Stage = 'INPUTTING' | 'SUBMITTING' | 'DONE';
type FormIn = z.input<typeof registrationFormSchema>;

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

/**
 * /register: the sign-up form, or — when the provider admin turned public sign-up off, or during
 * maintenance — why there is none (the server refuses sign-ups then: USER_REGISTER_DISABLED,
 * MAINTENANCE_MODE).
 */
export function RegisterPage() {
  const { t } = useTranslation(NS);
  const pub = usePublicConfig();
  if (pub.isPending)
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4" data-testid="register-loading">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  if (pub.data && (!pub.data.publicSignup || pub.data.maintenance))
    return (
      <Card className="mx-auto max-w-xl" data-testid="register-closed" role="alert">
        <CardHeader className="items-center text-center">
          <CircleSlash className="size-12 text-muted-foreground" aria-hidden />
          <CardTitle className="text-2xl">{t('signupClosed.title')}</CardTitle>
          <CardDescription className="text-base">
            {pub.data.maintenance ? t('signupClosed.maintenance') : t('signupClosed.text')}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-4">
          {!pub.data.maintenance && (
            <a href={`mailto:${CONTACT_EMAIL}`} className="font-medium text-primary underline">
              {CONTACT_EMAIL}
            </a>
          )}
          <Link to="/" className="text-sm text-primary underline-offset-4 hover:underline">
            {t('register.haveAccount')} {t('register.signIn')}
          </Link>
        </CardContent>
      </Card>
    );
  // The settings could not be read: the form is offered, the server decides.
  return <RegisterForm />;
}

/** The sign-up form of seed 000 §2 (query: selectedPlanId, equipmentQtt, productIdVindi, planIdVindi). */
function RegisterForm() {
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

  return (
    <div className="mx-auto max-w-3xl">
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight">{t('register.title')}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t('register.subtitle')}</p>
      </div>
      <ChosenPlan planId={search.selectedPlanId} equipmentQtt={search.equipmentQtt} />
      <form onSubmit={onSubmit} noValidate aria-busy={submitting} data-testid="register-form">
        <fieldset disabled={submitting} className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t('register.sectionYou')}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <TextField
                form={form}
                name="name"
                id="reg-name"
                label={t('fields.name')}
                errorText={err('name')}
                autoComplete="name"
                maxLength={100}
              />
              <TextField
                form={form}
                name="email"
                id="reg-email"
                label={t('fields.email')}
                errorText={err('email')}
                type="email"
                autoComplete="email"
                maxLength={254}
              />
              <MaskedField
                form={form}
                name="phone"
                id="reg-phone"
                label={t('fields.phone')}
                optional
                errorText={err('phone')}
                mask={maskPhone}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder="(00) 00000-0000"
              />
              <TextField
                form={form}
                name="occupation"
                id="reg-occupation"
                label={t('fields.occupation')}
                errorText={err('occupation')}
                autoComplete="organization-title"
                maxLength={100}
              />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t('register.sectionCompany')}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <TextField
                form={form}
                name="company"
                id="reg-company"
                label={t('fields.company')}
                errorText={err('company')}
                autoComplete="organization"
                maxLength={255}
              />
              <TextField
                form={form}
                name="fantasyName"
                id="reg-fantasy"
                label={t('fields.fantasyName')}
                optional
                maxLength={255}
              />
              <MaskedField
                form={form}
                name="cnpjCompany"
                id="reg-cnpj"
                label={t('fields.cnpjCompany')}
                optional
                errorText={err('cnpjCompany')}
                mask={maskCnpj}
                placeholder="00.000.000/0000-00"
                autoCapitalize="characters"
              />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t('register.sectionAddress')}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-6">
              <MaskedField
                form={form}
                name="cep"
                id="reg-cep"
                className="sm:col-span-2"
                label={t('fields.cep')}
                optional
                errorText={err('cep')}
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
                mask={maskCep}
                inputMode="numeric"
                autoComplete="postal-code"
                placeholder="00000-000"
                data-cep-state={cepState}
              />
              <TextField
                form={form}
                name="address"
                id="reg-address"
                className="sm:col-span-4"
                label={t('fields.address')}
                optional
                autoComplete="address-line1"
                maxLength={255}
              />
              <TextField
                form={form}
                name="complement"
                id="reg-complement"
                className="sm:col-span-2"
                label={t('fields.complement')}
                optional
                autoComplete="address-line2"
                maxLength={120}
              />
              <TextField
                form={form}
                name="neighborhood"
                id="reg-neighborhood"
                className="sm:col-span-4"
                label={t('fields.neighborhood')}
                optional
                maxLength={120}
              />
              <TextField
                form={form}
                name="city"
                id="reg-city"
                className="sm:col-span-4"
                label={t('fields.city')}
                optional
                autoComplete="address-level2"
                maxLength={120}
              />
              <TextField
                form={form}
                name="state"
                id="reg-state"
                className="sm:col-span-2"
                label={t('fields.state')}
                optional
                errorText={err('state')}
                control={
                  <NativeSelect autoComplete="address-level1">
                    <option value="">{t('fields.selectState')}</option>
                    {BRAZILIAN_STATES.map((uf) => (
                      <option key={uf} value={uf}>
                        {uf}
                      </option>
                    ))}
                  </NativeSelect>
                }
              />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t('register.sectionAccess')}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <TextField
                form={form}
                name="password"
                id="reg-password"
                label={t('fields.password')}
                errorText={() => formState.touchedFields.password && t('errors.password')}
                registerOptions={{ deps: ['passwordConfirmation'] }}
                control={<PasswordInput autoComplete="new-password" maxLength={200} />}
              />
              <TextField
                form={form}
                name="passwordConfirmation"
                id="reg-password-confirmation"
                label={t('fields.passwordConfirmation')}
                errorText={() => confirmation !== '' && t('errors.mismatch')}
                control={<PasswordInput autoComplete="new-password" maxLength={200} />}
              />
              <div className="sm:col-span-2">
                <PasswordRules password={password} />
              </div>
              <div className="flex flex-col gap-3 sm:col-span-2">
                <UsageTerms />
                <CheckboxField
                  form={form}
                  name="acceptTerms"
                  id="reg-accept-terms"
                  label={t('register.acceptTerms')}
                  aria-describedby="usage-terms-title"
                  testId="accept-terms"
                />
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
