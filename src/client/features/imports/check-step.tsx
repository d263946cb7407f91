/**
 * Step 3, the dry run (`imports.dryRun`: every row checked with the form's rules, nothing
 * written): a progress bar while it runs, then the counts, the problems, the bad rows' file, and
 * the two ways on — fix the file and send it again, or import the valid rows (confirmed first).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Loader2 } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import type { DryRunReport } from '../../../shared/imports/schemas.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { useJobDownload } from '../reports/use-job-download.ts';
import { ConfirmImport } from './confirm-import.tsx';
import { IMPORTS_NS } from './i18n.ts';
import { ProblemsTable } from './problems-table.tsx';
import type { ImportWizard } from './use-import-wizard.ts';

export function CheckStep({ wizard }: { wizard: ImportWizard }) {
  const { t } = useTranslation(IMPORTS_NS);
  const trpc = useTRPC();
  const dryRun = useMutation(trpc.imports.dryRun.mutationOptions());
  const started = React.useRef(false);
  const { upload, mapping, kind, companyId, checked } = wizard;
  const start = React.useCallback(() => {
    if (!upload || !mapping) return;
    dryRun.mutate({ kind, fileId: upload.fileId, companyId, mapping }, { onSuccess: checked });
  }, [upload, mapping, kind, companyId, checked, dryRun.mutate]);
  React.useEffect(() => {
    if (started.current || wizard.report) return;
    started.current = true;
    start();
  }, [start, wizard.report]);
  if (wizard.report) return <Report wizard={wizard} report={wizard.report} />;
  if (dryRun.isError)
    return (
      <div className="space-y-3">
        <ErrorPanel message={errorMessage(dryRun.error, t('check.error'))} onRetry={start} />
        <Button variant="outline" onClick={() => wizard.goTo('map')}>
          {t('back')}
        </Button>
      </div>
    );
  return (
    <div role="status" className="space-y-2 text-sm text-muted-foreground" data-testid="import-checking">
      <p>{t('check.running')}</p>
      <Progress value={null} aria-label={t('check.progress')} className="max-w-md" />
    </div>
  );
}

function Report({ wizard, report }: { wizard: ImportWizard; report: DryRunReport }) {
  const { t } = useTranslation(IMPORTS_NS);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const run = useMutation(trpc.imports.run.mutationOptions());
  const bad = useJobDownload<'bad'>();
  const { upload, mapping } = wizard;
  const confirm = async () => {
    if (!upload || !mapping) return;
    const { jobId } = await run.mutateAsync({
      kind: wizard.kind,
      fileId: upload.fileId,
      companyId: wizard.companyId,
      mapping,
    });
    void queryClient.invalidateQueries({ queryKey: trpc.jobs.list.pathKey() });
    wizard.started(jobId);
  };
  const badRowsJobId = report.badRowsJobId;
  return (
    <div className="space-y-5" data-testid="import-report">
      <dl className="grid max-w-xl grid-cols-3 gap-3">
        <Count label={t('check.rows')} value={report.rows} testId="import-count-rows" />
        <Count label={t('check.valid')} value={report.valid} testId="import-count-valid" />
        <Count label={t('check.invalid')} value={report.invalid} testId="import-count-invalid" tone="bad" />
      </dl>
      {report.problems.length === 0 ? (
        <p className="text-sm" data-testid="import-no-problems">
          {t('check.noProblems')}
        </p>
      ) : (
        <section className="space-y-2" aria-labelledby="import-problems-title">
          <h3 id="import-problems-title" className="text-sm font-medium">
            {t('check.problems')}
          </h3>
          {report.problemsTotal > report.problems.length && (
            <p className="text-sm text-muted-foreground" data-testid="import-problems-capped">
              {t('check.capped', { shown: report.problems.length, total: report.problemsTotal })}
            </p>
          )}
          <div data-testid="import-problems">
            <ProblemsTable problems={report.problems} />
          </div>
        </section>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" onClick={() => wizard.goTo('choose')} data-testid="import-fix">
          {t('check.fixAndResend')}
        </Button>
        {badRowsJobId && (
          <Button
            variant="outline"
            disabled={bad.running !== null}
            onClick={() => void bad.run('bad', async () => ({ jobId: badRowsJobId }))}
            data-testid="import-bad-rows"
          >
            {bad.running ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
            {t('check.downloadBad')}
          </Button>
        )}
        <span className="grow" />
        <ConfirmImport count={report.valid} onConfirm={confirm} error={run.error} pending={run.isPending} />
      </div>
    </div>
  );
}

function Count({
  label,
  value,
  testId,
  tone,
}: {
  label: string;
  value: number;
  testId: string;
  tone?: 'bad';
}) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd
        className={
          tone === 'bad' && value > 0 ? 'text-2xl font-semibold text-destructive' : 'text-2xl font-semibold'
        }
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}
