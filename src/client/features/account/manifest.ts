import { ANONYMOUS, defineFeature, lazyPage, SIGNED_IN, searchOf } from '../../lib/manifest.ts';

const feature = () => import('./index.ts');

export const accountManifest = defineFeature('account', [
  {
    path: '/register',
    roles: ANONYMOUS,
    page: lazyPage(feature, 'RegisterPage'),
    search: searchOf('selectedPlanId', 'equipmentQtt', 'productIdVindi', 'planIdVindi'),
    operations: ['account.register', 'cep.lookup', 'config.public', 'billing.plans'],
  },
  {
    path: '/password-reset',
    roles: ANONYMOUS,
    page: lazyPage(feature, 'PasswordResetPage'),
    search: searchOf('t'),
    operations: ['account.checkEmailToken', 'account.resetPassword', 'account.requestPasswordReset'],
  },
  {
    path: '/active-environment',
    roles: ANONYMOUS,
    page: lazyPage(feature, 'ActiveEnvironmentPage'),
    search: searchOf('t'),
    operations: ['account.checkEmailToken', 'account.activate', 'account.resendActivation'],
  },
  {
    path: '/profile',
    roles: SIGNED_IN,
    page: lazyPage(feature, 'ProfilePage'),
    userMenu: { label: 'menu.profile', order: 10 },
    // The photo is sent over its REST binding (PUT /web/logged-user/image/).
    operations: ['account.updateProfile', 'account.uploadPhoto', 'account.removePhoto'],
  },
  {
    path: '/change-password',
    roles: SIGNED_IN,
    page: lazyPage(feature, 'ChangePasswordPage'),
    userMenu: { label: 'menu.changePassword', order: 20 },
    operations: ['account.changePassword'],
  },
  {
    // Signing out goes through the session (auth.logout).
    path: '/logout',
    roles: SIGNED_IN,
    page: lazyPage(feature, 'LogoutPage'),
    userMenu: { label: 'menu.logout', order: 100 },
    operations: [],
  },
]);
