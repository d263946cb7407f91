/**
 * /os (seed 000 §2 "Service orders list"): a filter dialog, clear filters, and the table sorted and
 * paged on the server (number, start date, end date, requester, responsible, status, comments),
 * its state in the URL. Each row opens the view dialog (tabs general information and equipments,
 * print) and has an edit button.
 */
import { Eye, Filter, FilterX, Pencil } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates.ts';
import { type ServiceOrder, serviceOrderListSchema } from '../../../shared/service-orders/schemas.ts';
import { type DataTableColumn, ListPage, useServerList } from '../../components/list/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';
import { OsEditDialog } from './os-edit-dialog.tsx';
import { activeFilterCount, NO_FILTERS, OsFilterDialog } from './os-filter-dialog.tsx';
import { DASH, OsStatusBadge } from './os-parts.tsx';
import { OsViewDialog } from './os-view-dialog.tsx';

type Open = { kind: 'edit' | 'view'; order: ServiceOrder } | null;

function useColumns(open: (o: Open) => void): DataTableColumn<ServiceOrder>[] {
  const { t } = useTranslation(NS);
  return React.useMemo(
    () => [
      {
        id: 'number',
        header: t('columns.number'),
        sortable: true,
        cell: (o) => <span className="font-mono font-semibold tabular-nums">{o.number}</span>,
      },
      {
        id: 'startDate',
        header: t('columns.startDate'),
        sortable: true,
        cell: (o) => <span className="tabular-nums">{formatDate(o.startDate)}</span>,
      },
      {
        id: 'endDate',
        header: t('columns.endDate'),
        sortable: true,
        cell: (o) => <span className="tabular-nums">{formatDate(o.endDate)}</span>,
      },
      {
        id: 'requestUserName',
        header: t('columns.requestUserName'),
        sortable: true,
        cell: (o) => o.requestUserName ?? DASH,
      },
      {
        id: 'responsibleUserName',
        header: t('columns.responsibleUserName'),
        sortable: true,
        cell: (o) => o.responsibleUserName ?? DASH,
      },
      {
        id: 'status',
        header: t('columns.status'),
        sortable: true,
        cell: (o) => <OsStatusBadge status={o.status} />,
      },
      {
        id: 'observation',
        header: t('columns.observation'),
        sortable: true,
        className: 'max-w-72',
        cell: (o) => (
          <span className="line-clamp-2 break-words" title={o.observation ?? undefined}>
            {o.observation ?? DASH}
          </span>
        ),
      },
      {
        id: 'actions',
        header: <span className="sr-only">{t('columns.actions')}</span>,
        headerClassName: 'w-24',
        sticky: 'end',
        cell: (o) => (
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('viewLabel', { number: o.number })}
              onClick={(e) => {
                e.stopPropagation();
                open({ kind: 'view', order: o });
              }}
              data-testid={`os-view-${o.number}`}
            >
              <Eye aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('editLabel', { number: o.number })}
              onClick={(e) => {
                e.stopPropagation();
                open({ kind: 'edit', order: o });
              }}
              data-testid={`os-edit-${o.number}`}
            >
              <Pencil aria-hidden />
            </Button>
          </div>
        ),
      },
    ],
    [t, open],
  );
}

export function OsListPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const list = useServerList(trpc.serviceOrders.list, { schema: serviceOrderListSchema });
  const [open, setOpen] = React.useState<Open>(null);
  const [filtering, setFiltering] = React.useState(false);
  const columns = useColumns(setOpen);
  const { input } = list;
  const filters = {
    status: input.status,
    priority: input.priority,
    type: input.type,
    responsibleUserId: input.responsibleUserId,
    dateStart: input.dateStart,
    dateEnd: input.dateEnd,
  };
  const count = activeFilterCount(filters);
  return (
    <ListPage<ServiceOrder>
      title={t('listTitle')}
      description={t('listDescription')}
      list={list}
      searchPlaceholder={t('search')}
      filters={
        <>
          <Button
            variant={count ? 'secondary' : 'outline'}
            onClick={() => setFiltering(true)}
            data-testid="os-filters"
          >
            <Filter aria-hidden />
            {count ? t('filtersActive', { count }) : t('filters')}
          </Button>
          <Button
            variant="ghost"
            disabled={count === 0}
            onClick={() => list.setFilters(NO_FILTERS)}
            data-testid="clear-filters"
          >
            <FilterX aria-hidden />
            {t('clearFilters')}
          </Button>
        </>
      }
      columns={columns}
      rowKey={(o) => o.id}
      onRowClick={(o) => setOpen({ kind: 'view', order: o })}
      rowProps={(o) => ({ 'data-number': String(o.number), 'data-status': o.status })}
    >
      {filtering && (
        <OsFilterDialog
          current={filters}
          onApply={(f) => {
            list.setFilters({ ...NO_FILTERS, ...f });
            setFiltering(false);
          }}
          onClose={() => setFiltering(false)}
        />
      )}
      {open?.kind === 'edit' && <OsEditDialog id={open.order.id} onClose={() => setOpen(null)} />}
      {open?.kind === 'view' && (
        <OsViewDialog id={open.order.id} number={open.order.number} onClose={() => setOpen(null)} />
      )}
    </ListPage>
  );
}
