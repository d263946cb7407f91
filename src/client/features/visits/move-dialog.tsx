/**
 * The keyboard path of rescheduling (issue 30 item 4): the visit's new day and technician, saved
 * with `visits.update`. The technicians offered are the active users of the visit's company; the
 * server checks the one chosen may inspect it (400 VISIT_TECHNICIAN_INVALID).
 */
import { useQuery } from '@tanstack/react-query';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import type { Visit } from '../../../shared/visits/schemas.ts';
import { NativeSelect } from '../../components/form/index.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';

export interface MoveChange {
  date: string;
  technicianId: number;
}

export function MoveDialog({
  visit,
  saving,
  onSave,
  onClose,
}: {
  visit: Visit;
  saving: boolean;
  onSave(change: MoveChange): void;
  onClose(): void;
}) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const users = useQuery(trpc.serviceOrders.users.queryOptions({ companyId: visit.companyId }));
  const [date, setDate] = React.useState(visit.date);
  const [technicianId, setTechnicianId] = React.useState(visit.technicianId);
  const options = React.useMemo(() => {
    const list = users.data ?? [];
    return list.some((u) => u.id === visit.technicianId)
      ? list
      : [{ id: visit.technicianId, name: visit.technicianName ?? String(visit.technicianId) }, ...list];
  }, [users.data, visit.technicianId, visit.technicianName]);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-md" data-testid="visit-move-dialog">
        <DialogHeader>
          <DialogTitle>{t('moveTitle')}</DialogTitle>
          <DialogDescription>{t('moveDescription', { company: visit.companyName })}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (date) onSave({ date, technicianId });
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="visit-move-date">{t('date')}</Label>
            <Input
              id="visit-move-date"
              type="date"
              required
              value={date}
              onChange={(e) => setDate(e.target.value)}
              data-testid="visit-move-date"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="visit-move-technician">{t('technician')}</Label>
            <NativeSelect
              id="visit-move-technician"
              value={technicianId}
              onChange={(e) => setTechnicianId(Number(e.target.value))}
              data-testid="visit-move-technician"
            >
              {options.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={saving} data-testid="visit-move-save">
              {t('save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
