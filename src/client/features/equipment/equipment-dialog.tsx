/**
 * The equipment dialog (seed 001 "Equipment dialog"; seed 001 screen 2: general information,
 * maintenances, modifications). Opened from the rows that show equipment: /tags and the
 * inspection and maintenance reports (which pass `recordActions` for the per-record PDF / Excel
 * downloads). Three tabs, arrow keys move between them (Radix Tabs):
 * - general information (`equipment.get`): product SKU and name, tag, extra label, control number,
 *   the inspection type's attributes, the last inspection status, the due date and its status, the
 *   product image, and each maintenance cycle's last done day, next due day and status (issue 30);
 * - inspections (`variant="inspection"`) or maintenances (`variant="maintenance"`), paged;
 * - modifications (the snapshots), paged.
 * Each tab loads when first opened.
 */
import { useQuery } from '@tanstack/react-query';
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_DATE, formatDate, formatDateTime } from '../../../shared/dates.ts';
import type { ExpirationStatus } from '../../../shared/equipment/status.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { ProductImage, productImagePath } from '../catalogue/components.tsx';
import { DateWithStatus, StatusBadge } from '../field/status.tsx';
import { EquipmentCycles } from './cycles-block.tsx';
import { EQUIPMENT_NS } from './i18n.ts';
import { PresenceFlags } from './presence.tsx';
import {
  AttributeValues,
  type InspectionRecord,
  InspectionRecords,
  type MaintenanceRecord,
  MaintenanceRecords,
  type RecordActions,
  SnapshotRecords,
} from './records.tsx';

type Equipment = RouterOutputs['equipment']['get'];

export type EquipmentDialogProps = {
  /** The tag serial the equipment is on (what the equipment calls take). */
  tag: string;
  open: boolean;
  onOpenChange(open: boolean): void;
} & (
  | {
      variant: 'inspection';
      /** Per-inspection buttons (the reports' PDF / Excel downloads); nothing when not given. */
      recordActions?: RecordActions<InspectionRecord>;
    }
  | {
      variant: 'maintenance';
      /** Per-maintenance buttons (the reports' PDF / Excel downloads); nothing when not given. */
      recordActions?: RecordActions<MaintenanceRecord>;
    }
);

export function EquipmentDialog(props: EquipmentDialogProps) {
  const { tag, open, onOpenChange, variant } = props;
  const { t } = useTranslation(EQUIPMENT_NS);
  const records = variant === 'inspection' ? 'inspections' : 'maintenances';
  const tabs = [
    { value: 'general', label: t('tabs.general') },
    { value: 'records', label: t(`tabs.${records}`) },
    { value: 'snapshots', label: t('tabs.snapshots') },
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-3xl content-start sm:h-[min(44rem,calc(100dvh-2rem))]"
        data-testid="equipment-dialog"
        data-variant={variant}
      >
        <DialogHeader>
          <DialogTitle>{t('dialogTitle')}</DialogTitle>
          <DialogDescription className="font-mono">
            {t('dialogDescription', { serial: tag })}
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="general" className="flex min-w-0 flex-col">
          <TabsList className="grid w-full grid-cols-3">
            {tabs.map((x) => (
              <TabsTrigger
                key={x.value}
                value={x.value}
                className="min-h-10 whitespace-normal"
                data-testid={`equipment-tab-${x.value}`}
              >
                {x.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="general" data-testid="equipment-general">
            <GeneralTab tag={tag} variant={variant} />
          </TabsContent>
          <TabsContent value="records" data-testid={`equipment-${records}`}>
            {props.variant === 'inspection' ? (
              <InspectionRecords tag={tag} actions={props.recordActions} />
            ) : (
              <MaintenanceRecords tag={tag} actions={props.recordActions} />
            )}
          </TabsContent>
          <TabsContent value="snapshots" data-testid="equipment-snapshots">
            <SnapshotRecords tag={tag} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

function GeneralTab({ tag, variant }: { tag: string; variant: EquipmentDialogProps['variant'] }) {
  const { t } = useTranslation(EQUIPMENT_NS);
  const trpc = useTRPC();
  const q = useQuery(trpc.equipment.get.queryOptions({ tag }));
  if (q.isPending)
    return (
      <div className="space-y-3" data-testid="equipment-general-loading">
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  if (q.isError)
    return <ErrorPanel message={errorMessage(q.error, t('loadFailed'))} onRetry={() => void q.refetch()} />;
  return <General e={q.data} variant={variant} />;
}

function General({ e, variant }: { e: Equipment; variant: EquipmentDialogProps['variant'] }) {
  const { t } = useTranslation(EQUIPMENT_NS);
  const attributes = e.inspectionTypeAttribute.map((a) => ({ attribute: a.attribute, value: a.value }));
  return (
    <div className="flex flex-col gap-4 text-sm">
      <div className="flex items-start gap-4">
        <ProductImage
          path={productImagePath(e.product)}
          name={e.product.name}
          className="size-24"
          testId="equipment-product-image"
        />
        <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
          <Row label={t('general.name')} testId="equipment-product-name">
            <span className="font-semibold">{e.product.name}</span>
          </Row>
          <Row label={t('general.sku')} testId="equipment-product-sku">
            {e.product.sku}
          </Row>
          <Row label={t('general.tagSerialNumber')} testId="equipment-tag">
            <span className="font-mono">{e.tagSerialNumber}</span>
          </Row>
          <Row label={t('general.extraLabel')} testId="equipment-extra-label">
            {e.extraLabel || '—'}
          </Row>
          <Row label={t('general.extraCode')} testId="equipment-extra-code">
            {e.extraCode || '—'}
          </Row>
          {e.companyName && <Row label={t('general.company')}>{e.companyName}</Row>}
        </dl>
      </div>

      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 border-t pt-3">
        <Row label={t('general.lastInspectionStatus')} testId="equipment-status-row">
          <StatusBadge status={e.status} className="px-2.5 py-0.5" />
        </Row>
        {variant === 'maintenance' && (
          <Row label={t('general.maintenanceStatus')} testId="equipment-maintenance-status">
            <StatusBadge status={e.maintenanceStatus} className="px-2.5 py-0.5" />
          </Row>
        )}
        <Row label={t('general.lastInspection')} testId="equipment-last-inspection">
          <span className="flex flex-wrap items-center gap-2">
            <span className="tabular-nums">
              {e.lastInspection ? formatDate(e.lastInspection.createdAt) : EMPTY_DATE}
            </span>
            <PresenceFlags presence={e.lastInspectionPresence} />
          </span>
        </Row>
        <Row label={t('presence.lastScannedAt')} testId="equipment-last-scanned">
          <span className="tabular-nums">
            {e.lastScannedAt ? formatDateTime(e.lastScannedAt) : t('presence.neverScanned')}
          </span>
        </Row>
        <Row label={t('general.nextInspection')} testId="equipment-next-inspection">
          <Dated
            date={e.nextInspectionDate}
            status={e.lastInspectionExpirationStatus}
            days={e.lastInspectionDaysToExpire}
          />
        </Row>
        <Row label={t('general.dueDate')} testId="equipment-due-date">
          {e.product.isDueDate ? (
            <Dated date={e.dueDate} status={e.dueDateExpirationStatus} days={e.dueDateDaysToExpire} />
          ) : (
            <span className="text-muted-foreground">{t('general.noDueDate')}</span>
          )}
        </Row>
      </dl>

      {e.cycles.length > 0 && <EquipmentCycles cycles={e.cycles} className="border-t pt-3" />}

      {attributes.length > 0 ? (
        <AttributeValues values={attributes} title={t('general.attributes')} className="mt-0" />
      ) : (
        <p className="border-t pt-3 text-muted-foreground">{t('general.noAttributes')}</p>
      )}
    </div>
  );
}

/** The field page's date with its expiration note, left-aligned in the dialog's rows. */
function Dated({
  date,
  status,
  days,
}: {
  date: string | null;
  status: ExpirationStatus;
  days: number | null;
}) {
  return <DateWithStatus date={date} status={status} days={days} align="start" />;
}

function Row({ label, testId, children }: { label: string; testId?: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}
