/**
 * A cycle list saved over many equipment (issue 30, the cycles job): the save answers
 * `refresh: { jobId, equipment }` and the server's `cycle-refresh` job recomputes them. The cycles
 * dialogs then say "Atualizando N equipamentos…" with the job centre's progress (`jobs.get`, polled
 * by `useJobWatch`): in the form after a preset (the dialog stays open), and in its place once a
 * save closes the form. Closing it leaves the job running (the job centre lists it).
 */
import { Link } from '@tanstack/react-router';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import type { CycleRefresh } from '../../../shared/cycles/schemas.ts';
import { isJobRunning } from '../../../shared/jobs.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { useJobWatch } from '../jobs/use-job-watch.ts';
import { CYCLES_NS } from './cycles-i18n.ts';

/** "Atualizando N equipamentos…" and the job's progress, then its outcome. */
export function CycleRefreshStatus({ refresh }: { refresh: CycleRefresh }) {
  const { t } = useTranslation(CYCLES_NS);
  const job = useJobWatch(refresh.jobId, () => undefined);
  const state = job.data?.state;
  const running = !state || isJobRunning(state);
  const progress = job.data?.progress ?? 0;
  return (
    <div
      className="space-y-2 rounded-md border p-3"
      data-testid="cycle-refresh"
      data-state={state ?? 'queued'}
    >
      <p role="status" aria-live="polite" className="text-sm font-medium">
        {state === 'failed'
          ? t('refreshFailed')
          : running
            ? t('refreshing', { count: refresh.equipment })
            : t('refreshed', { count: refresh.equipment })}
      </p>
      <Progress value={running ? progress : 100} aria-label={t('refreshProgress')} />
      <p className="text-xs text-muted-foreground">
        {running && `${progress}% · `}
        {t('refreshHint')}{' '}
        <Link to="/jobs" className="underline">
          {t('refreshJobs')}
        </Link>
      </p>
    </div>
  );
}

/**
 * The refresh a dialog's save or preset answered, and what closing the form does: with a refresh,
 * the form gives way to `dialog` (the status), which closes for good.
 */
export function useCycleRefresh(title: string, onClose: () => void) {
  const [refresh, setRefresh] = React.useState<CycleRefresh | null>(null);
  const [closed, setClosed] = React.useState(false);
  const latest = React.useRef<CycleRefresh | null>(null);
  const answered = React.useCallback((r: CycleRefresh | null) => {
    latest.current = r;
    setRefresh(r);
  }, []);
  const closeForm = React.useCallback(() => {
    if (latest.current) setClosed(true);
    else onClose();
  }, [onClose]);
  const dialog =
    closed && refresh ? (
      <Dialog open onOpenChange={(o) => !o && onClose()}>
        <DialogContent className="max-w-lg" data-testid="cycle-refresh-dialog">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="sr-only">{title}</DialogDescription>
          <CycleRefreshStatus refresh={refresh} />
          <DialogFooter>
            <Button type="button" onClick={onClose} data-testid="cycle-refresh-close">
              <CloseText />
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    ) : null;
  return { refresh, answered, closeForm, dialog };
}

function CloseText() {
  const { t } = useTranslation();
  return <>{t('common.close')}</>;
}
