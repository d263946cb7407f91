import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** At most 3 notifications at once (seed 000 §9). */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      visibleToasts={3}
      position="top-right"
      richColors
      closeButton
      toastOptions={{ classNames: { toast: 'font-sans' } }}
      {...props}
    />
  );
}
