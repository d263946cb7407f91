/**
 * /maintenances (seed 001 §2 screen 2): the inspection report's filters without the company and
 * the due-date range, the last-maintenance range instead of the last inspection's; columns
 * product, label and control number, registration, last maintenance, maintenance status and
 * maintainer. Rows are bordered by the maintenance status the screen shows. The equipment dialog
 * opens on its maintenances tab's variant, with per-maintenance downloads.
 */
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../../shared/equipment/schemas.ts';
import { maintenanceReportSchema } from '../../../shared/reports/schemas.ts';
import { type DataTableColumn, ListPage } from '../../components/list/index.ts';
import { EquipmentDialog } from '../equipment/equipment-dialog.tsx';
import { StatusBadge } from '../field/status.tsx';
import { ExportButtons } from './export-buttons.tsx';
import { useMaintenanceReport } from './export-calls.ts';
import { REPORTS_NS } from './i18n.ts';
import { RecordDownloads } from './record-downloads.tsx';
import { PersonCell, PlainDate, reportColumns, reportRowProps } from './report-cells.tsx';
import { RangeFilter, ReportFilters } from './report-filters.tsx';
import { clearedFilters, exportFilters } from './report-url.ts';

function useColumns(onOpen: (serial: string) => void): DataTableColumn<Equipment>[] {
  const { t } = useTranslation(REPORTS_NS);
  return React.useMemo(
    () =>
      reportColumns(
        t,
        [
          {
            id: 'lastMaintenance',
            header: t('columns.lastMaintenance'),
            sortable: true,
            cell: (e) => <PlainDate value={e.lastMaintenance?.createdAt} />,
          },
          {
            id: 'status',
            header: t('columns.status'),
            sortable: true,
            cell: (e) => <StatusBadge status={e.maintenanceStatus} className="px-2.5 py-0.5 text-xs" />,
          },
          {
            id: 'maintainer',
            header: t('columns.maintainer'),
            cell: (e) => <PersonCell person={e.lastMaintenance} />,
          },
        ],
        { onOpen, status: (e) => e.maintenanceStatus },
      ),
    [t, onOpen],
  );
}

export function MaintenancesPage() {
  const { t } = useTranslation(REPORTS_NS);
  const list = useMaintenanceReport();
  const [detail, setDetail] = React.useState<string | null>(null);
  const columns = useColumns(setDetail);
  const { input } = list;
  return (
    <ListPage<Equipment>
      title={t('maintenancesTitle')}
      description={t('maintenancesDescription')}
      actions={<ExportButtons request={{ report: 'maintenances', filters: exportFilters(input) }} />}
      list={list}
      searchPlaceholder={t('search')}
      filters={
        <ReportFilters
          list={list}
          ranges={
            <RangeFilter
              legend={t('lastMaintenance')}
              from={input.lastMaintenanceFrom}
              upTo={input.lastMaintenanceUpTo}
              onChange={(lastMaintenanceFrom, lastMaintenanceUpTo) =>
                list.setFilters({ lastMaintenanceFrom, lastMaintenanceUpTo })
              }
              testId="filter-last-maintenance"
            />
          }
          onClear={() => list.setFilters(clearedFilters(maintenanceReportSchema))}
        />
      }
      columns={columns}
      rowKey={(e) => e.id}
      rowProps={(e) => reportRowProps(e, e.maintenanceStatus)}
    >
      {detail && (
        <EquipmentDialog
          tag={detail}
          variant="maintenance"
          open
          onOpenChange={(open) => !open && setDetail(null)}
          recordActions={(r) => <RecordDownloads kind="maintenance" id={r.maintenanceId} at={r.createdAt} />}
        />
      )}
    </ListPage>
  );
}
