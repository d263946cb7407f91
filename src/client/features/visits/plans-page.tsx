/**
 * /visit-plans (issue 30 items 3 and 4): the visit plans of the caller's scope, searched, sorted
 * and paged on the server with the state in the URL; the admin roles add and edit them (the
 * dialog), operators read.
 */
import { Pencil } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { showDay } from '../../../shared/dates.ts';
import { ADMIN_ROLES, type Role } from '../../../shared/roles.ts';
import { type VisitPlan, visitPlanListSchema } from '../../../shared/visits/schemas.ts';
import { type DataTableColumn, ListPage, useServerList } from '../../components/list/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { useSession } from '../../lib/session.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';
import { PlanDialog } from './plan-dialog.tsx';

type Editing = { plan: VisitPlan | null } | null;

function useColumns(canEdit: boolean, edit: (p: VisitPlan) => void): DataTableColumn<VisitPlan>[] {
  const { t } = useTranslation(NS);
  return React.useMemo(
    () => [
      {
        id: 'name',
        header: t('plans.name'),
        sortable: true,
        cell: (p) => <span className="font-medium">{p.name}</span>,
      },
      { id: 'company', header: t('plans.company'), cell: (p) => p.companyName },
      {
        id: 'interval',
        header: t('plans.interval'),
        cell: (p) => t(`plans.every.${p.intervalUnit}`, { count: p.intervalValue }),
      },
      {
        id: 'firstDate',
        header: t('plans.firstDate'),
        sortable: true,
        cell: (p) => <span className="tabular-nums">{showDay(p.firstDate)}</span>,
      },
      {
        id: 'window',
        header: t('window'),
        cell: (p) => (p.startTime ? `${p.startTime}${p.endTime ? `–${p.endTime}` : ''}` : '—'),
      },
      { id: 'technician', header: t('technician'), cell: (p) => p.technicianName ?? '—' },
      { id: 'active', header: t('plans.active'), cell: (p) => (p.active ? t('plans.yes') : t('plans.no')) },
      ...(canEdit
        ? [
            {
              id: 'actions',
              header: <span className="sr-only">{t('plans.edit')}</span>,
              headerClassName: 'w-14',
              sticky: 'end' as const,
              cell: (p: VisitPlan) => (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`${t('plans.edit')}: ${p.name}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    edit(p);
                  }}
                  data-testid={`visit-plan-edit-${p.id}`}
                >
                  <Pencil aria-hidden />
                </Button>
              ),
            },
          ]
        : []),
    ],
    [t, canEdit, edit],
  );
}

export function PlansPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const canEdit = ADMIN_ROLES.includes(useSession().role as Role);
  const list = useServerList(trpc.visits.plans.list, { schema: visitPlanListSchema });
  const [editing, setEditing] = React.useState<Editing>(null);
  const edit = React.useCallback((plan: VisitPlan) => setEditing({ plan }), []);
  const columns = useColumns(canEdit, edit);
  return (
    <ListPage<VisitPlan>
      title={t('plans.title')}
      description={t('plans.description')}
      add={
        canEdit
          ? { label: t('plans.new'), onClick: () => setEditing({ plan: null }), testId: 'visit-plan-add' }
          : undefined
      }
      list={list}
      searchPlaceholder={t('plans.search')}
      columns={columns}
      rowKey={(p) => p.id}
      onRowClick={canEdit ? edit : undefined}
      rowProps={(p) => ({ 'data-plan': String(p.id) })}
    >
      {editing && <PlanDialog plan={editing.plan} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}
