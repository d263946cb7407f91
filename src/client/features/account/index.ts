/**
 * Pages of this domain, imported (lazily) by src/client/routes/. Replace a placeholder by exporting
 * the real component under the same name, e.g. `export { CategoriesPage } from './categories-page.tsx';`.
 */
import { placeholderPage } from '../../components/not-available-yet.tsx';

/** /register: reads selectedPlanId, equipmentQtt, productIdVindi, planIdVindi from the search. */
export const RegisterPage = placeholderPage('pages.register');
/** /password-reset: reads the token from search param t. */
export const PasswordResetPage = placeholderPage('pages.passwordReset');
/** /active-environment: reads the token from search param t. */
export const ActiveEnvironmentPage = placeholderPage('pages.activeEnvironment');
export const ProfilePage = placeholderPage('menu.profile');
export const ChangePasswordPage = placeholderPage('menu.changePassword');
/** Opened from the landing page's login strip: props { open, onOpenChange, defaultEmail? }. */
export { ForgotPasswordDialog, type ForgotPasswordDialogProps } from './forgot-password-dialog.tsx';
