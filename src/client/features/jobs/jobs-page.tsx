import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { Download, ExternalLink } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { AppRouter } from '../../../server/router.ts';
import { formatDateTime } from '../../../shared/dates.ts';
import { isJobRunning, JOB_STATES, type JobStateName } from '../../../shared/jobs.ts';
import { DataTable, type DataTableColumn, useListState } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx';
import { useLoggedUser } from '../../lib/session.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';

type Job = inferRouterOutputs<AppRouter>['jobs']['list']['items'][number];

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
  const list = useListState({ sort: 'created_at', direction: 'desc' });
  const [state, setState] = React.useState<JobStateName | 'all'>('all');
  const input = {
    ...list.input,
    sort: list.input.sort as 'created_at' | undefined,
    state: state === 'all' ? undefined : state,
  };
  const q = useQuery({
    ...trpc.jobs.list.queryOptions(input, { placeholderData: keepPreviousData }),
    staleTime: 0,
    // Live: every 1.5 s while something runs, otherwise every 10 s to pick up new jobs.
    refetchInterval: (query) => (query.state.data?.items.some((j) => isJobRunning(j.state)) ? 1500 : 10_000),
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
    <div className="space-y-6">
      <PageHeader
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
      />
      <Card>
        <CardContent className="space-y-4 p-4">
          <div className="flex flex-wrap items-center gap-3">
            <Select
              value={state}
              onValueChange={(v) => {
                setState(v as JobStateName | 'all');
                list.setPage(0);
              }}
            >
              <SelectTrigger className="w-48" aria-label={t('filterState')}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">{t('common:common.all')}</SelectItem>
                {JOB_STATES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {t(`states.${s}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {q.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(q.error, t('loadError'))}
            </p>
          ) : (
            <DataTable
              list={list}
              data={q.data}
              loading={q.isPending}
              fetching={q.isFetching && q.isPlaceholderData}
              rowKey={(j) => j.id}
              columns={columns}
              label={t('title')}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
