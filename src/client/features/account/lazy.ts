/** Parts of the account feature used elsewhere, loaded on first use (the feature stays one chunk). */
import * as React from 'react';

/** Opened from the landing page's login strip: props { open, onOpenChange, defaultEmail? }. */
export const ForgotPasswordDialog = React.lazy(async () => ({
  default: (await import('./index.ts')).ForgotPasswordDialog,
}));

/** Shown by the login strip to a sign-up that was not activated yet: props { email }. */
export const ActivationPendingNotice = React.lazy(async () => ({
  default: (await import('./index.ts')).ActivationPendingNotice,
}));
