/** A failed read, with a retry button (field pages, the equipment dialog). */
import { useTranslation } from 'react-i18next';
import { KIT_NS } from './kit-i18n.ts';
import { Button } from './ui/button.tsx';

export function ErrorPanel({ message, onRetry }: { message: string; onRetry?(): void }) {
  const { t } = useTranslation(KIT_NS);
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-lg border border-destructive/30 bg-destructive/8 p-4 text-sm text-destructive"
    >
      <p className="font-medium">{message}</p>
      {onRetry && (
        <Button variant="outline" className="h-11 self-start" onClick={onRetry}>
          {t('retry')}
        </Button>
      )}
    </div>
  );
}
