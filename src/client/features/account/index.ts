/**
 * Pages of the account domain, loaded lazily through ./manifest.ts.
 */
import './i18n.ts';

/** /register: reads selectedPlanId, equipmentQtt, productIdVindi, planIdVindi from the search. */
export { RegisterPage } from './register-page.tsx';
/** /password-reset: reads the token from search param t. */
export { PasswordResetPage } from './password-reset-page.tsx';
/** /active-environment: reads the token from search param t. */
export { ActiveEnvironmentPage } from './active-environment-page.tsx';
export { ProfilePage } from './profile-page.tsx';
export { ChangePasswordPage } from './change-password-page.tsx';
/** /logout: signs out, then '/'. */
export { LogoutPage } from './logout-page.tsx';
/** Opened from the landing page's login strip: props { open, onOpenChange, defaultEmail? }. */
export { ForgotPasswordDialog, type ForgotPasswordDialogProps } from './forgot-password-dialog.tsx';
/** Shown by the login strip to a sign-up that has not clicked its activation link: props { email }. */
export { ActivationPendingNotice } from './resend-activation.tsx';
