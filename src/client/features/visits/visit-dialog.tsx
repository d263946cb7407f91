/**
 * A visit's detail (issue 30 item 4): plan, day, window, technician, status, and its equipment with
 * the cycles due by the visit's day (once closed: the equipment still missing). The admin roles
 * and the visit's technician close it: DONE when nothing is still due, else PARTIAL with the missing list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { showDay } from '../../../shared/dates.ts';
import type { VisitDetail } from '../../../shared/visits/schemas.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';

export function VisitDialog({ id, canClose, onClose }: { id: number; canClose: boolean; onClose(): void }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const detail = useQuery({
    ...trpc.visits.get.queryOptions({ id, pageSize: 100, sort: 'dueDate' }),
    staleTime: 0,
  });
  const close = useMutation(
    trpc.visits.update.mutationOptions({
      onSuccess: async () => {
        toast.success(t('closed'));
        await qc.invalidateQueries({ queryKey: trpc.visits.pathKey() });
      },
      onError: (e) => toast.error(errorMessage(e, t('closeFailed'))),
    }),
  );
  const v = detail.data;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-3xl content-start" data-testid="visit-dialog">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-3">
            {v ? t('detailTitle', { company: v.companyName }) : t('title')}
            {v && (
              <Badge variant="outline" data-testid="visit-status" data-status={v.status}>
                {t(`status.${v.status}`)}
              </Badge>
            )}
          </DialogTitle>
          <DialogDescription>{v ? `${t('plan')}: ${v.planName}` : t('description')}</DialogDescription>
        </DialogHeader>
        {detail.isPending && <Skeleton className="h-48 w-full" />}
        {detail.isError && (
          <ErrorPanel
            message={errorMessage(detail.error, t('loadFailed'))}
            onRetry={() => void detail.refetch()}
          />
        )}
        {v && <VisitBody visit={v} />}
        {v && canClose && v.closedAt === null && (
          <div className="flex justify-end">
            <Button
              disabled={close.isPending}
              onClick={() => close.mutate({ id: v.id, close: true })}
              data-testid="visit-close"
            >
              {t('closeVisit')}
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function VisitBody({ visit }: { visit: VisitDetail }) {
  const { t } = useTranslation(NS);
  const window = visit.startTime ? `${visit.startTime}${visit.endTime ? `–${visit.endTime}` : ''}` : '—';
  return (
    <div className="grid min-w-0 gap-3">
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">{t('date')}</dt>
          <dd className="tabular-nums">{showDay(visit.date)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('window')}</dt>
          <dd className="tabular-nums">{window}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('technician')}</dt>
          <dd>{visit.technicianName ?? '—'}</dd>
        </div>
      </dl>
      <h3 className="font-semibold">
        {visit.closedAt ? t('missing') : t('equipment')} ({visit.equipment.total})
      </h3>
      {visit.equipment.items.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="visit-no-equipment">
          {t('noEquipment')}
        </p>
      ) : (
        <div className="max-h-80 overflow-auto">
          <Table data-testid="visit-equipment">
            <TableHeader>
              <TableRow>
                <TableHead>{t('tag')}</TableHead>
                <TableHead>{t('equipment')}</TableHead>
                <TableHead>{t('cycles')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {visit.equipment.items.map((e) => (
                <TableRow key={e.id} data-serial={e.tagSerialNumber}>
                  <TableCell className="font-mono">{e.tagSerialNumber}</TableCell>
                  <TableCell>
                    {e.productName}
                    {e.extraLabel ? ` · ${e.extraLabel}` : ''}
                  </TableCell>
                  <TableCell>
                    {e.cycles.map((c) => (
                      <span key={c.code} className="block tabular-nums">
                        {c.name}: {showDay(c.dueDate)}
                      </span>
                    ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}
