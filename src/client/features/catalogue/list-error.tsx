import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { NS } from './i18n.ts';

/** Shown above a table whose data could not be loaded. */
export function ListError({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation(NS);
  return (
    <div
      role="alert"
      className="flex items-center gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
    >
      <AlertCircle className="size-4" aria-hidden />
      <span className="flex-1">{t('loadError')}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
