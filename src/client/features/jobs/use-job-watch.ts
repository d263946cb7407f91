import { useQuery } from '@tanstack/react-query';
import * as React from 'react';
import { isJobRunning } from '../../../shared/jobs.ts';
import { useTRPC } from '../../lib/trpc.ts';

/** Polls one job while it runs (every second) and calls `onDone` once when it finishes. */
export function useJobWatch(
  jobId: string | null,
  onDone: (job: NonNullable<ReturnType<typeof useJobQuery>['data']>) => void,
) {
  const q = useJobQuery(jobId);
  const done = React.useRef<string | null>(null);
  const cb = React.useRef(onDone);
  cb.current = onDone;
  React.useEffect(() => {
    const job = q.data;
    if (!job || isJobRunning(job.state) || done.current === job.id) return;
    done.current = job.id;
    cb.current(job);
  }, [q.data]);
  return q;
}

function useJobQuery(jobId: string | null) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.jobs.get.queryOptions({ id: jobId ?? '00000000-0000-0000-0000-000000000000' }),
    enabled: !!jobId,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && !isJobRunning(query.state.data.state) ? false : 1000),
  });
}
