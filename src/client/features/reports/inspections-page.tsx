/**
 * /inspections and /report?view=inspections-report (seed 001 §2 screen 1): the equipment of the
 * caller's scope with their last inspection and due date (`equipment.list`), every filter in the
 * URL, PDF/XLSX exports, and the equipment dialog with per-inspection downloads. The URL presets
 * of the dashboard's links are applied once on entry (./use-report-presets.ts). Issue 20: the last
 * inspection's proof-of-presence flags, the last tag read, and the never-scanned report — the
 * "Não escaneado desde" day (`notScannedSince`), exported like every other filter.
 */
import { Tags } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { type Equipment, equipmentListSchema } from '../../../shared/equipment/schemas.ts';
import { ADMIN_ROLES, type Role } from '../../../shared/roles.ts';
import { type DataTableColumn, ListPage, useServerList } from '../../components/list/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSession } from '../../lib/session.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { EquipmentDialog } from '../equipment/equipment-dialog.tsx';
import { AssignTagsDialog, assignableRows } from './assign-tags-dialog.tsx';
import { ImportLink } from './import-link.tsx';
import { ExportButtons } from './export-buttons.tsx';
import { REPORTS_NS } from './i18n.ts';
import { RecordDownloads } from './record-downloads.tsx';
import { DatedCell, PersonCell, PresenceCell, reportColumns, reportRowProps } from './report-cells.tsx';
import { CompanyFilter, NotScannedSinceFilter, RangeFilter, ReportFilters } from './report-filters.tsx';
import { isGroupWide } from './report-roles.ts';
import { clearedFilters, exportFilters } from './report-url.ts';
import { useReportPresets } from './use-report-presets.ts';

export function InspectionsPage() {
  const pending = useReportPresets(equipmentListSchema);
  return pending ? <PresetPending /> : <InspectionReport />;
}

/** While a link's preset is being written into the URL. */
function PresetPending() {
  const { t } = useTranslation(REPORTS_NS);
  return (
    <div className="space-y-4" role="status" data-testid="report-preset-pending">
      <span className="sr-only">{t('preparing')}</span>
      <Skeleton className="h-8 w-72" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

function useColumns(onOpen: (serial: string) => void): DataTableColumn<Equipment>[] {
  const { t } = useTranslation(REPORTS_NS);
  return React.useMemo(
    () =>
      reportColumns(
        t,
        [
          {
            id: 'dueDate',
            header: t('columns.dueDate'),
            sortable: true,
            cell: (e) => (
              <DatedCell
                date={e.product.isDueDate ? e.dueDate : null}
                status={e.dueDateExpirationStatus}
                days={e.dueDateDaysToExpire}
                testId="cell-due-date"
              />
            ),
          },
          {
            id: 'lastInspection',
            header: t('columns.lastInspection'),
            sortable: true,
            cell: (e) => (
              <DatedCell
                date={e.lastInspection?.createdAt ?? null}
                status={e.lastInspectionExpirationStatus}
                days={e.lastInspectionDaysToExpire}
                testId="cell-last-inspection"
              />
            ),
          },
          {
            id: 'inspector',
            header: t('columns.inspector'),
            cell: (e) => <PersonCell person={e.lastInspection} />,
          },
          {
            id: 'presence',
            header: t('columns.presence'),
            cell: (e) => <PresenceCell e={e} />,
          },
        ],
        { onOpen },
      ),
    [t, onOpen],
  );
}

function InspectionReport() {
  const { t } = useTranslation(REPORTS_NS);
  const trpc = useTRPC();
  const role = useSession().role;
  const list = useServerList(trpc.equipment.list, { schema: equipmentListSchema });
  const [detail, setDetail] = React.useState<string | null>(null);
  const [assigning, setAssigning] = React.useState<Equipment[] | null>(null);
  const columns = useColumns(setDetail);
  const { input } = list;
  // Equipment awaiting a tag (issue 31): admins give the page's equipment tags in bulk.
  const assignable =
    input.awaitingTag === 'yes' && ADMIN_ROLES.includes(role as Role)
      ? assignableRows(list.data?.items ?? [])
      : [];
  return (
    <ListPage
      title={t('inspectionsTitle')}
      description={t('inspectionsDescription')}
      actions={
        <div className="flex flex-wrap items-start gap-2">
          {assignable.length > 0 && (
            <Button variant="outline" onClick={() => setAssigning(assignable)} data-testid="assign-tags">
              <Tags aria-hidden />
              {t('assign.open', { count: assignable.length })}
            </Button>
          )}
          <ImportLink />
          <ExportButtons request={{ report: 'inspections', filters: exportFilters(input) }} />
        </div>
      }
      list={list}
      searchPlaceholder={t('search')}
      filters={
        <ReportFilters
          list={list}
          selects={
            isGroupWide(role) && (
              <CompanyFilter
                value={input.companyId}
                onChange={(companyId) => list.setFilters({ companyId })}
              />
            )
          }
          ranges={
            <>
              <RangeFilter
                legend={t('lastInspection')}
                from={input.lastInspectionFrom}
                upTo={input.lastInspectionUpTo}
                onChange={(lastInspectionFrom, lastInspectionUpTo) =>
                  list.setFilters({ lastInspectionFrom, lastInspectionUpTo })
                }
                status={{
                  value: input.lastInspectionExpirationStatus,
                  onChange: (lastInspectionExpirationStatus) =>
                    list.setFilters({ lastInspectionExpirationStatus }),
                }}
                testId="filter-last-inspection"
              />
              <RangeFilter
                legend={t('dueDate')}
                from={input.dueDateFrom}
                upTo={input.dueDateUpTo}
                onChange={(dueDateFrom, dueDateUpTo) => list.setFilters({ dueDateFrom, dueDateUpTo })}
                futureAllowed
                status={{
                  value: input.dueDateExpirationStatus,
                  onChange: (dueDateExpirationStatus) => list.setFilters({ dueDateExpirationStatus }),
                }}
                testId="filter-due-date"
              />
              <NotScannedSinceFilter
                value={input.notScannedSince}
                onChange={(notScannedSince) => list.setFilters({ notScannedSince })}
              />
            </>
          }
          onClear={() => list.setFilters(clearedFilters(equipmentListSchema))}
        />
      }
      columns={columns}
      rowKey={(e) => e.id}
      rowProps={(e) => reportRowProps(e)}
    >
      {assigning && <AssignTagsDialog rows={assigning} onClose={() => setAssigning(null)} />}
      {detail && (
        <EquipmentDialog
          tag={detail}
          variant="inspection"
          open
          onOpenChange={(open) => !open && setDetail(null)}
          recordActions={(r) => <RecordDownloads kind="inspection" id={r.inspectionId} at={r.createdAt} />}
        />
      )}
    </ListPage>
  );
}
