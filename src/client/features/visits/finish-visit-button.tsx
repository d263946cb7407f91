/**
 * "Concluir visita" on /my-day (issue 30): the visit's technician closes it. A confirmation says
 * what will be stored — Realizada when nothing is due any more, else Parcial with the count still
 * missing (`missing`: the visit's equipment total as the page read it; the server judges again
 * when it closes). A plain button and an alert dialog: Tab, Enter, Escape.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Visit } from '../../../shared/visits/schemas.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';

export function FinishVisitButton({ visit, missing }: { visit: Visit; missing: number | undefined }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [confirming, setConfirming] = React.useState(false);
  const finish = useMutation(
    trpc.visits.update.mutationOptions({
      onSuccess: async () => {
        toast.success(t('myDay.finished'));
        await qc.invalidateQueries({ queryKey: trpc.visits.pathKey() });
      },
      onError: (e) => toast.error(errorMessage(e, t('myDay.finishFailed'))),
    }),
  );
  if (visit.closedAt !== null) return null;
  const company = visit.companyName;
  return (
    <>
      <Button
        size="sm"
        disabled={finish.isPending || missing === undefined}
        onClick={() => setConfirming(true)}
        aria-label={t('myDay.finishLabel', { company })}
        data-testid={`my-day-finish-${visit.id}`}
      >
        <CheckCircle2 aria-hidden />
        {t('myDay.finish')}
      </Button>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent data-testid="my-day-finish-dialog">
          <AlertDialogHeader>
            <AlertDialogTitle>{t('myDay.finishTitle', { company })}</AlertDialogTitle>
            <AlertDialogDescription data-testid="my-day-finish-outcome" data-missing={missing ?? 0}>
              {missing ? t('myDay.finishPartial', { count: missing }) : t('myDay.finishDone')}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('myDay.finishCancel')}</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => finish.mutate({ id: visit.id, close: true })}
              data-testid="my-day-finish-confirm"
            >
              {t('myDay.finishConfirm')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
