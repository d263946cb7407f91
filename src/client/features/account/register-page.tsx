import { Link } from '@tanstack/react-router';
import { CircleSlash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { CONTACT_EMAIL } from '../../lib/constants.ts';
import { ChosenPlan } from '../billing/chosen-plan.tsx';
import { usePublicConfig } from '../../lib/public-config.ts';
import { NS } from './i18n.ts';
import {
  AccessSection,
  AddressSection,
  CompanySection,
  RegisterDone,
  SubmitRow,
  YouSection,
} from './register-sections.tsx';
import { useRegisterForm } from './use-register-form.ts';

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
  const r = useRegisterForm();
  const { stage, done, search, onSubmit } = r;
  if (stage === 'DONE' && done) return <RegisterDone r={r} />;
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
          <YouSection r={r} />
          <CompanySection r={r} />
          <AddressSection r={r} />
          <AccessSection r={r} />
          <SubmitRow r={r} submitting={submitting} />
        </fieldset>
      </form>
    </div>
  );
}
