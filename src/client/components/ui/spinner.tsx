import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils.ts';

/** A spinning loader announced to screen readers as `label` (default: "Carregando…" in the UI's language). */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" aria-live="polite" className="inline-flex items-center">
      <LoaderCircle className={cn('size-6 animate-spin text-primary', className)} aria-hidden />
      <span className="sr-only">{label ?? t('common.loading')}</span>
    </span>
  );
}

/** A spinner centred in the page (used while the session or a lazy page loads). */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center" data-testid="page-spinner">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
