/**
 * "Importar N linhas válidas": asks once more (the rows with errors stay out) and starts the run.
 * A refusal of the start is shown in the dialog, which stays open for another try.
 */
import { Loader2 } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/trpc.ts';
import { IMPORTS_NS } from './i18n.ts';

export function ConfirmImport({
  count,
  onConfirm,
  pending,
  error,
}: {
  count: number;
  onConfirm(): Promise<void>;
  pending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation(IMPORTS_NS);
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Button disabled={count === 0} onClick={() => setOpen(true)} data-testid="import-run">
        {t('check.importValid', { count })}
      </Button>
      <AlertDialog open={open} onOpenChange={(o) => !pending && setOpen(o)}>
        <AlertDialogContent data-testid="import-confirm">
          <AlertDialogHeader>
            <AlertDialogTitle>{t('check.confirmTitle')}</AlertDialogTitle>
            <AlertDialogDescription>{t('check.confirmText', { count })}</AlertDialogDescription>
          </AlertDialogHeader>
          {error !== null && error !== undefined && !pending && (
            <p role="alert" className="text-sm text-destructive" data-testid="import-run-error">
              {errorMessage(error, t('check.startError'))}
            </p>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>{t('check.cancel')}</AlertDialogCancel>
            <Button
              disabled={pending}
              onClick={() => void onConfirm().catch(() => undefined)}
              data-testid="import-confirm-button"
            >
              {pending && <Loader2 className="animate-spin" aria-hidden />}
              {t('check.confirm')}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
