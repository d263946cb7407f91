import { useMutation } from '@tanstack/react-query';
import { Download, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatDateTime } from '../../../shared/dates.ts';
import { isJobRunning, JOB_STATES, type JobStateName, jobListInputSchema } from '../../../shared/jobs.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { type DataTableColumn, ListPage, useServerList } from '../../components/list/index.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { useLoggedUser } from '../../lib/session.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';

type Job = RouterOutputs['jobs']['list']['items'][number];

const STATE_VARIANT: Record<JobStateName, 'soft' | 'warning' | 'success' | 'destructive'> = {
  queued: 'warning',
  active: 'soft',
  completed: 'success',
  failed: 'destructive',
};

/** /jobs: the tenant's background jobs with live progress and downloads. */
export function JobsPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const user = useLoggedUser();
  const list = useServerList(trpc.jobs.list, {
    schema: jobListInputSchema,
    // Live: every 1.5 s while something runs, otherwise every 10 s to pick up new jobs.
    queryOptions: {
      staleTime: 0,
      refetchInterval: (query) =>
        query.state.data?.items.some((j) => isJobRunning(j.state)) ? 1500 : 10_000,
    },
    // Polling does not dim the rows; only a new page or filter does.
    dimOnRefetch: false,
  });
  const board = useMutation(
    trpc.jobs.boardLink.mutationOptions({
      onSuccess: ({ url }) => window.open(url, '_blank', 'noopener'),
      onError: (e) => toast.error(errorMessage(e, t('queuesError'))),
    }),
  );

  const typeLabel = (type: string) => t(`types.${type}`, { defaultValue: type });
  const columns: DataTableColumn<Job>[] = [
    {
      id: 'type',
      header: t('type'),
      sortable: true,
      cell: (j) => <span className="font-medium">{typeLabel(j.type)}</span>,
    },
    { id: 'requestedBy', header: t('requestedBy'), cell: (j) => j.requestedBy?.name ?? '—' },
    { id: 'created_at', header: t('createdAt'), sortable: true, cell: (j) => formatDateTime(j.createdAt) },
    { id: 'finished_at', header: t('finishedAt'), sortable: true, cell: (j) => formatDateTime(j.finishedAt) },
    {
      id: 'progress',
      header: t('progress'),
      className: 'min-w-36',
      cell: (j) => (
        <div className="flex items-center gap-2">
          <Progress
            value={j.progress}
            aria-label={t('progressLabel', { type: typeLabel(j.type), value: j.progress })}
            className="w-24"
          />
          <span className="w-10 text-right text-xs tabular-nums text-muted-foreground">{j.progress}%</span>
        </div>
      ),
    },
    {
      id: 'state',
      header: t('state'),
      sortable: true,
      cell: (j) => (
        <Badge variant={STATE_VARIANT[j.state]} data-testid="job-state">
          {t(`states.${j.state}`)}
        </Badge>
      ),
    },
    {
      id: 'error',
      header: t('error'),
      cell: (j) => (j.error ? <span className="text-sm text-destructive">{j.error}</span> : null),
    },
    {
      id: 'download',
      header: <span className="sr-only">{t('download')}</span>,
      cell: (j) =>
        j.downloadUrl ? (
          <Button asChild size="sm" variant="outline">
            <a href={j.downloadUrl} download={j.result?.name}>
              <Download aria-hidden />
              {t('download')}
            </a>
          </Button>
        ) : j.state === 'completed' ? (
          <span className="text-xs text-muted-foreground">{t('expired')}</span>
        ) : null,
    },
  ];

  return (
    <ListPage
      title={t('title')}
      description={t('description')}
      actions={
        user.currentRole === 'MOBCHECK_ADMIN' ? (
          <Button variant="outline" onClick={() => board.mutate()} disabled={board.isPending}>
            <ExternalLink aria-hidden />
            {t('queues')}
          </Button>
        ) : undefined
      }
      list={list}
      filters={
        <FilterSelect<JobStateName | 'all'>
          value={list.input.state ?? 'all'}
          onChange={(v) => list.setFilter('state', v === 'all' ? undefined : v)}
          options={[
            { value: 'all', label: t('common:common.all') },
            ...JOB_STATES.map((s) => ({ value: s, label: t(`states.${s}`) })),
          ]}
          label={t('filterState')}
          className="min-w-48"
        />
      }
      rowKey={(j) => j.id}
      columns={columns}
    />
  );
}
