/**
 * A file made by a background job (a report export, a record's PDF/XLSX): the job is watched with
 * `jobs.get` (progress 0–100) and its download starts when it finishes, as the QR page does. The
 * watch lives as long as the component that runs it (the report page for exports); a job left
 * behind still finishes and waits on /jobs.
 */
import { useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { startDownload } from '../jobs/download.ts';
import { useJobWatch } from '../jobs/use-job-watch.ts';
import type { JobStarted } from './export-calls.ts';
import { REPORTS_NS } from './i18n.ts';

export interface JobDownload<K extends string> {
  /** what is being made (e.g. 'pdf'), null when idle */
  running: K | null;
  /** 0–100 once the worker reports it; null while queued or starting */
  progress: number | null;
  /** the last failure's text in the user's language (also toasted), cleared by the next run */
  error: string | null;
  /** Calls `start` (the mutation that answers a job id) and watches the job it answers. */
  run(key: K, start: () => Promise<JobStarted>): Promise<void>;
}

export function useJobDownload<K extends string>(): JobDownload<K> {
  const { t } = useTranslation(REPORTS_NS);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [running, setRunning] = React.useState<K | null>(null);
  const [jobId, setJobId] = React.useState<string | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const fail = (text: string) => {
    setError(text);
    toast.error(text);
  };
  const job = useJobWatch(jobId, (done) => {
    setJobId(null);
    setRunning(null);
    void queryClient.invalidateQueries({ queryKey: trpc.jobs.list.pathKey() });
    if (done.state === 'completed' && done.downloadUrl) {
      startDownload(done.downloadUrl, done.result?.name);
      toast.success(t('exportDone'));
    } else {
      fail(done.error ? `${t('exportFailed')} ${done.error}` : t('exportFailed'));
    }
  });
  const run = async (key: K, start: () => Promise<JobStarted>) => {
    if (running) return;
    setRunning(key);
    setError(null);
    try {
      const { jobId: id } = await start();
      setJobId(id);
      void queryClient.invalidateQueries({ queryKey: trpc.jobs.list.pathKey() });
    } catch (err) {
      setRunning(null);
      fail(errorMessage(err, t('exportFailed')));
    }
  };
  const progress =
    jobId && job.data && job.data.id === jobId && job.data.state === 'active' ? job.data.progress : null;
  return { running, progress, error, run };
}
