/**
 * The /os view dialog (seed 000 §2): tabs "Informações gerais" and "Equipamentos", and a print
 * button that has the order's PDF made in the background (`serviceOrders.pdf`, a job) and
 * downloads it when ready, as the reports' per-record documents do.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Loader2, Printer } from 'lucide-react';
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../shared/dates.ts';
import type { ServiceOrderDetail } from '../../../shared/service-orders/schemas.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { useJobDownload } from '../reports/use-job-download.ts';
import { NS } from './i18n.ts';
import { DASH, OsStatusBadge } from './os-parts.tsx';

export function OsViewDialog({ id, number, onClose }: { id: number; number: number; onClose(): void }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const detail = useQuery({ ...trpc.serviceOrders.get.queryOptions({ id }), staleTime: 0 });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        className="max-w-3xl content-start sm:h-[min(44rem,calc(100dvh-2rem))]"
        data-testid="os-view-dialog"
      >
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-3">
            {t('viewTitle', { number })}
            {detail.data && <OsStatusBadge status={detail.data.status} />}
          </DialogTitle>
          <DialogDescription>{t('listDescription')}</DialogDescription>
        </DialogHeader>
        {detail.isPending && (
          <div className="space-y-3" data-testid="os-view-loading">
            <Skeleton className="h-9 w-64" />
            <Skeleton className="h-48 w-full" />
          </div>
        )}
        {detail.isError && (
          <ErrorPanel
            message={errorMessage(detail.error, t('loadFailed'))}
            onRetry={() => void detail.refetch()}
          />
        )}
        {detail.data && <OsView order={detail.data} />}
      </DialogContent>
    </Dialog>
  );
}

function OsView({ order }: { order: ServiceOrderDetail }) {
  const { t } = useTranslation(NS);
  return (
    <Tabs defaultValue="general" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <TabsList>
          <TabsTrigger value="general" data-testid="os-tab-general">
            {t('tabGeneral')}
          </TabsTrigger>
          <TabsTrigger value="equipments" data-testid="os-tab-equipments">
            {t('tabEquipments')} ({order.equipments.length})
          </TabsTrigger>
        </TabsList>
        <PrintButton id={order.id} number={order.number} />
      </div>
      <TabsContent value="general" data-testid="os-view-general">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Item label={t('fields.number')} value={order.number} testId="os-view-number" />
          <Item label={t('fields.company')} value={order.companyName ?? DASH} />
          <Item label={t('fields.startDate')} value={formatDate(order.startDate)} testId="os-view-start" />
          <Item label={t('fields.endDate')} value={formatDate(order.endDate)} testId="os-view-end" />
          <Item label={t('fields.requester')} value={order.requestUserName ?? DASH} />
          <Item
            label={t('fields.responsible')}
            value={order.responsibleUserName ?? DASH}
            testId="os-view-responsible"
          />
          <Item
            label={t('fields.priority')}
            value={t(`priorities.${order.priority}`)}
            testId="os-view-priority"
          />
          <Item label={t('fields.type')} value={t(`types.${order.type}`)} testId="os-view-type" />
          <Item label={t('fields.status')} value={<OsStatusBadge status={order.status} />} />
          <Item
            label={t('fields.completed')}
            value={`${order.completedCount} / ${order.equipmentCount}`}
            testId="os-view-completed"
          />
          <Item label={t('fields.createdAt')} value={formatDateTime(order.createdAt)} />
          <Item
            label={t('fields.observation')}
            value={<span className="whitespace-pre-wrap">{order.observation ?? DASH}</span>}
            className="sm:col-span-2"
            testId="os-view-observation"
          />
        </dl>
      </TabsContent>
      <TabsContent value="equipments" data-testid="os-view-equipments">
        {order.equipments.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">{t('noEquipment')}</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border">
            <Table aria-label={t('tabEquipments')} style={{ minWidth: '44rem' }}>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>{t('serial')}</TableHead>
                  <TableHead>{t('extraName')}</TableHead>
                  <TableHead>{t('productName')}</TableHead>
                  <TableHead>{t('sku')}</TableHead>
                  <TableHead>{t('fields.responsible')}</TableHead>
                  <TableHead>{t('completionDate')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {order.equipments.map((e) => (
                  <TableRow key={e.id} data-testid="os-view-item" data-serial={e.equipmentSerialNumber}>
                    <TableCell className="font-mono">{e.equipmentSerialNumber}</TableCell>
                    <TableCell>{e.extraLabel ?? DASH}</TableCell>
                    <TableCell>
                      {e.productName}
                      {e.productDescription && (
                        <span className="block text-xs text-muted-foreground">{e.productDescription}</span>
                      )}
                    </TableCell>
                    <TableCell>{e.productSku}</TableCell>
                    <TableCell>{e.responsibleUserName ?? DASH}</TableCell>
                    <TableCell className="tabular-nums" data-testid="os-view-item-completion">
                      {formatDate(e.completionDate)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </TabsContent>
    </Tabs>
  );
}

function Item({
  label,
  value,
  className,
  testId,
}: {
  label: string;
  value: React.ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-0.5" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** "Imprimir": the order's PDF as a job, downloaded when it ends (progress while it runs). */
function PrintButton({ id, number }: { id: number; number: number }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const pdf = useMutation(trpc.serviceOrders.pdf.mutationOptions());
  const job = useJobDownload<'pdf'>();
  return (
    <div className="flex items-center gap-2">
      {job.running && (
        <Progress
          value={job.progress}
          aria-label={t('printing')}
          className="w-24"
          data-testid="os-print-progress"
        />
      )}
      <Button
        variant="outline"
        disabled={job.running !== null}
        onClick={() => void job.run('pdf', () => pdf.mutateAsync({ id }))}
        aria-label={`${t('print')} ${t('viewTitle', { number })}`}
        data-testid="os-print"
      >
        {job.running ? <Loader2 className="animate-spin" aria-hidden /> : <Printer aria-hidden />}
        {job.running ? t('printing') : t('print')}
      </Button>
    </div>
  );
}
