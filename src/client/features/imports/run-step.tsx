/**
 * Step 4: the import job (`import-run`) followed with the job centre's watch (`jobs.get` every
 * second): its progress, then the summary (created, updated, skipped, with errors) and the failed
 * rows' file. The job also shows in /jobs, so leaving the screen loses nothing.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CheckCircle2, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type ImportRunSummary, importRunSummarySchema } from '../../../shared/imports/schemas.ts';
import { isJobRunning } from '../../../shared/jobs.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { startDownload } from '../jobs/download.ts';
import { useJobWatch } from '../jobs/use-job-watch.ts';
import { IMPORTS_NS } from './i18n.ts';
import type { ImportWizard } from './use-import-wizard.ts';

/** The run's summary from the job's answer (the job row's `summary`), when it has one. */
export function runSummary(job: object | undefined): ImportRunSummary | null {
  const parsed = importRunSummarySchema.safeParse(job && 'summary' in job ? job.summary : undefined);
  return parsed.success ? parsed.data : null;
}

export function RunStep({ wizard }: { wizard: ImportWizard }) {
  const { t } = useTranslation(IMPORTS_NS);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const job = useJobWatch(wizard.jobId, () => {
    void queryClient.invalidateQueries({ queryKey: trpc.jobs.list.pathKey() });
  });
  const data = job.data;
  const next = (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" asChild>
        <Link to="/jobs" data-testid="import-jobs-link">
          {t('run.jobs')}
        </Link>
      </Button>
      <Button onClick={wizard.restart} data-testid="import-again">
        {t('run.again')}
      </Button>
    </div>
  );
  if (!data || isJobRunning(data.state))
    return (
      <div className="space-y-3" data-testid="import-running">
        <div role="status" className="space-y-2 text-sm text-muted-foreground">
          <p>{data?.state === 'active' ? t('run.running', { value: data.progress }) : t('run.queued')}</p>
          <Progress
            value={data?.state === 'active' ? data.progress : null}
            aria-label={t('run.progress')}
            className="max-w-md"
            data-testid="import-progress"
          />
        </div>
        <p className="text-sm text-muted-foreground">{t('run.leaveHint')}</p>
      </div>
    );
  if (data.state === 'failed')
    return (
      <div className="space-y-3" data-testid="import-failed">
        <ErrorPanel message={data.error ? `${t('run.failed')} ${data.error}` : t('run.failed')} />
        {next}
      </div>
    );
  const summary = runSummary(data);
  const context = wizard.kind === 'companies' ? 'female' : undefined;
  return (
    <div className="space-y-4" data-testid="import-done">
      <p className="flex items-center gap-2 font-medium" role="status">
        <CheckCircle2 className="size-5 text-primary" aria-hidden />
        {t('run.done')}
      </p>
      {summary && (
        <ul className="flex flex-wrap gap-3 text-sm" data-testid="import-summary">
          <SummaryItem text={t('run.created', { count: summary.created, context })} testId="import-created" />
          <SummaryItem text={t('run.updated', { count: summary.updated, context })} testId="import-updated" />
          <SummaryItem text={t('run.skipped', { count: summary.skipped, context })} testId="import-skipped" />
          <SummaryItem text={t('run.withError', { count: summary.failed })} testId="import-failed-count" />
        </ul>
      )}
      {summary && summary.failed > 0 && data.downloadUrl && (
        <Button
          variant="outline"
          onClick={() => data.downloadUrl && startDownload(data.downloadUrl, data.result?.name)}
          data-testid="import-failed-rows"
        >
          <Download aria-hidden />
          {t('run.downloadFailed')}
        </Button>
      )}
      {next}
    </div>
  );
}

function SummaryItem({ text, testId }: { text: string; testId: string }) {
  return (
    <li className="rounded-lg border px-3 py-2 font-medium" data-testid={testId}>
      {text}
    </li>
  );
}
