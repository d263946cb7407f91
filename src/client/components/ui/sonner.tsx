import { Toaster as Sonner, type ToasterProps } from 'sonner';

/**
 * At most 3 notifications at once (seed 000 §9), at the bottom right (full width at the bottom of
 * a phone): the top right holds the user menu and, on the landing page, the login form — a toast
 * there covered the password field and "Entrar" it reported on, and stayed while the mouse rested
 * on it (issue 16 item 4). Forms show their own errors inline; toasts are for what has no field.
 */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      visibleToasts={3}
      position="bottom-right"
      richColors
      closeButton
      toastOptions={{ classNames: { toast: 'font-sans' } }}
      {...props}
    />
  );
}
