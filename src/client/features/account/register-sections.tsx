import { Link } from '@tanstack/react-router';
import { CheckCircle2, LoaderCircle, MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BRAZILIAN_STATES, maskCep, maskCnpj, maskPhone } from '../../../shared/masks.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import {
  CheckboxField,
  MaskedField,
  NativeSelect,
  PasswordInput,
  TextField,
} from '../../components/form/index.ts';
import { NS } from './i18n.ts';
import { PasswordRules } from './password-rules.tsx';
import { UsageTerms } from './usage-terms.tsx';
import type { RegisterState } from './use-register-form.ts';

/** Registered: where the e-mail went, and home. */
export function RegisterDone({ r }: { r: RegisterState }) {
  const { t } = useTranslation(NS);
  const { done, navigate } = r;
  return (
    <Card className="mx-auto max-w-xl" data-testid="register-done">
      <CardHeader className="items-center text-center">
        <CheckCircle2 className="size-12 text-success" aria-hidden />
        <CardTitle className="text-2xl">{t('register.doneTitle', { name: done!.name })}</CardTitle>
        <CardDescription className="text-base">
          {t('register.doneText', { email: done!.email })}
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

/** You: name, e-mail, phone. */
export function YouSection({ r }: { r: RegisterState }) {
  const { t } = useTranslation(NS);
  const { form, err } = r;
  return (
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
  );
}

/** The company: name and CNPJ. */
export function CompanySection({ r }: { r: RegisterState }) {
  const { t } = useTranslation(NS);
  const { form, err } = r;
  return (
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
  );
}

/** The address, filled from the CEP. */
export function AddressSection({ r }: { r: RegisterState }) {
  const { t } = useTranslation(NS);
  const { form, cepState, err } = r;
  return (
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
  );
}

/** Access: password, its confirmation and rules, the usage terms. */
export function AccessSection({ r }: { r: RegisterState }) {
  const { t } = useTranslation(NS);
  const { form, formState, password, confirmation } = r;
  return (
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
  );
}

/** "Já tem conta?" and the submit button. */
export function SubmitRow({ r, submitting }: { r: RegisterState; submitting: boolean }) {
  const { t } = useTranslation(NS);
  const { formState } = r;
  return (
    <>
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
    </>
  );
}
