/**
 * The audit log's CSV export: `audit.export` starts the job with the list's filters, `jobs.get`
 * follows its progress and the download starts when it finishes (as the reports' exports do).
 */
import { useMutation } from '@tanstack/react-query';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { AuditExportInput } from '../../../shared/audit/schemas.ts';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { startDownload } from '../jobs/download.ts';
import { useJobWatch } from '../jobs/use-job-watch.ts';
import { NS } from './i18n.ts';

export function useAuditExport() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const [jobId, setJobId] = React.useState<string | null>(null);
  const [running, setRunning] = React.useState(false);
  const start = useMutation(trpc.audit.export.mutationOptions());
  const job = useJobWatch(jobId, (done) => {
    setJobId(null);
    setRunning(false);
    if (done.state === 'completed' && done.downloadUrl) {
      startDownload(done.downloadUrl, done.result?.name);
      toast.success(t('exportDone'));
    } else toast.error(done.error ? `${t('exportFailed')} ${done.error}` : t('exportFailed'));
  });
  const run = async (input: AuditExportInput) => {
    if (running) return;
    setRunning(true);
    try {
      setJobId((await start.mutateAsync(input)).jobId);
    } catch (err) {
      setRunning(false);
      toast.error(errorMessage(err, t('exportFailed')));
    }
  };
  const progress = jobId && job.data?.id === jobId && job.data.state === 'active' ? job.data.progress : null;
  return { running, progress, run };
}
