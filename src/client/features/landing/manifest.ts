import { ANONYMOUS, defineFeature, lazyPage } from '../../lib/manifest.ts';

export const landingManifest = defineFeature('landing', [
  {
    // Sign-in goes through the session (auth.login, then account.me), which is the shell's.
    path: '/',
    roles: ANONYMOUS,
    page: lazyPage(() => import('./index.ts'), 'LandingPage'),
    operations: ['account.requestPasswordReset', 'account.resendActivation', 'billing.plans'],
  },
]);
