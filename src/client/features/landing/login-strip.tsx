import { Link, useNavigate } from '@tanstack/react-router';
import { Info, LoaderCircle } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Input } from '../../components/ui/input.tsx';
import { takeAfterLogin } from '../../lib/after-login.ts';
import { CONTACT_EMAIL } from '../../lib/constants.ts';
import { useSession } from '../../lib/session.tsx';
import { errorCode, errorMessage } from '../../lib/trpc.ts';
import { ActivationPendingNotice, ForgotPasswordDialog } from '../account/lazy.ts';

interface LoginForm {
  email: string;
  password: string;
  remember: boolean;
}

const INVALID_CODES = new Set(['AUTHENTICATION_INVALID_CREDENTIALS', 'VALIDATION_FAILED']);
const RATE_LIMIT_CODES = new Set(['AUTHENTICATION_RATE_LIMITED', 'RATE_LIMITED']);

/** The login strip of the landing page (seed 000 §2 Login page, §8 login failure). */
export function LoginStrip() {
  const { t } = useTranslation();
  const { login } = useSession();
  const navigate = useNavigate();
  const [forgotOpen, setForgotOpen] = React.useState(false);
  const [pending, setPending] = React.useState(false);
  // The sign-up that has not clicked its activation link yet (issue 16): its e-mail.
  const [unactivated, setUnactivated] = React.useState<string | null>(null);
  const { register, handleSubmit, setValue, getValues, watch, setFocus, formState } = useForm<LoginForm>({
    defaultValues: { email: '', password: '', remember: false },
  });
  const remember = watch('remember');

  const onSubmit = handleSubmit(async ({ email, password, remember }) => {
    setPending(false);
    setUnactivated(null);
    try {
      await login(email.trim(), password, remember);
      const target = takeAfterLogin();
      if (target)
        await navigate({ to: target.to as never, search: (target.search ?? {}) as never, replace: true });
    } catch (err) {
      setValue('password', '');
      const code = errorCode(err);
      if (code === 'AUTHENTICATION_PENDING_USER_STATUS') {
        setPending(true);
      } else if (code === 'AUTHENTICATION_ACTIVATION_PENDING') {
        setUnactivated(email.trim());
      } else if (code === 'MAINTENANCE_MODE') {
        // the session shows the maintenance page
      } else if (code && INVALID_CODES.has(code)) {
        toast.error(t('login.invalid'));
        setFocus('password');
      } else if (code === 'AUTHENTICATION_RATE_LIMITED') {
        // The code's text with its wait ("Tente novamente em 4 s"), in the user's language.
        toast.error(errorMessage(err, t('login.rateLimited')));
      } else if (code && RATE_LIMIT_CODES.has(code)) {
        toast.error(t('login.rateLimited'));
      } else {
        toast.error(errorMessage(err, t('login.failed')));
      }
    }
  });

  const linkClass =
    'rounded text-white/90 underline-offset-4 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-ring';

  return (
    <div className="w-full lg:w-auto">
      <form
        onSubmit={onSubmit}
        className="flex flex-col gap-2"
        aria-label={t('login.title')}
        data-testid="login-form"
      >
        <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] lg:w-[34rem]">
          <label className="sr-only" htmlFor="login-email">
            {t('login.email')}
          </label>
          <Input
            id="login-email"
            type="email"
            autoComplete="username"
            placeholder={t('login.email')}
            required
            className="h-10 border-white/20 bg-white text-foreground"
            {...register('email', { required: true })}
          />
          <label className="sr-only" htmlFor="login-password">
            {t('login.password')}
          </label>
          <Input
            id="login-password"
            type="password"
            autoComplete="current-password"
            placeholder={t('login.password')}
            required
            className="h-10 border-white/20 bg-white text-foreground"
            {...register('password', { required: true })}
          />
          <Button
            type="submit"
            variant="secondary"
            className="h-10 px-6 font-semibold"
            disabled={formState.isSubmitting}
          >
            {formState.isSubmitting && <LoaderCircle className="animate-spin" aria-hidden />}
            {formState.isSubmitting ? t('login.submitting') : t('login.submit')}
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm">
          <span className="inline-flex items-center gap-2">
            <Checkbox
              id="login-remember"
              checked={remember}
              onCheckedChange={(v) => setValue('remember', v === true)}
              className="border-white/50 bg-white/10 data-[state=checked]:border-secondary data-[state=checked]:bg-secondary"
            />
            <label htmlFor="login-remember" className="cursor-pointer text-white/90">
              {t('login.remember')}
            </label>
          </span>
          <button
            type="button"
            className={linkClass}
            onClick={() => setForgotOpen(true)}
            data-testid="forgot-password-link"
          >
            {t('login.forgot')}
          </button>
          <span className="text-white/75">
            {t('login.noAccount')}{' '}
            <Link
              to="/register"
              className={`${linkClass} font-semibold text-white`}
              data-testid="register-link"
            >
              {t('login.register')}
            </Link>
          </span>
        </div>
      </form>
      {pending && (
        <div
          role="alert"
          data-testid="pending-notice"
          className="mt-3 flex gap-3 rounded-lg border border-secondary/60 bg-secondary-soft p-3 text-sm text-foreground lg:w-[34rem]"
        >
          <Info className="mt-0.5 size-5 shrink-0 text-secondary" aria-hidden />
          <div>
            <p className="font-semibold">{t('login.pendingTitle')}</p>
            <p>
              {t('login.pendingText')}{' '}
              <a href={`mailto:${CONTACT_EMAIL}`} className="font-medium text-primary underline">
                {CONTACT_EMAIL}
              </a>
            </p>
          </div>
        </div>
      )}
      {unactivated && (
        <React.Suspense fallback={null}>
          <ActivationPendingNotice key={unactivated} email={unactivated} />
        </React.Suspense>
      )}
      {forgotOpen && (
        <React.Suspense fallback={null}>
          <ForgotPasswordDialog
            open={forgotOpen}
            onOpenChange={setForgotOpen}
            defaultEmail={getValues('email')}
          />
        </React.Suspense>
      )}
    </div>
  );
}
