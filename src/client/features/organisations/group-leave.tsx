/**
 * Leaving (issue 33 item 6) on /company-groups: a group's status (pending deletion until a date),
 * its export (a job followed to its download, as the report exports are), the deletion asked
 * for with the group's name typed again, and the restore while the grace period runs.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, RotateCcw, Trash2 } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatDate } from '../../../shared/dates.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { useJobDownload } from '../reports/use-job-download.ts';
import { ConfirmWord } from './confirm-word.tsx';
import { NS } from './i18n.ts';

type GroupRow = RouterOutputs['organisations']['companyGroups']['list']['items'][number];
type Leaving = Pick<GroupRow, 'id' | 'name' | 'purgeAfter'>;

/** "Pending deletion until DD/MM/YYYY" or "Active". */
export function GroupStatus({ group }: { group: Leaving }) {
  const { t } = useTranslation(NS);
  if (!group.purgeAfter) return <Badge variant="success">{t('groups.active')}</Badge>;
  return (
    <Badge variant="destructive" data-testid={`group-pending-${group.id}`}>
      {t('groups.pendingUntil', { date: formatDate(group.purgeAfter) })}
    </Badge>
  );
}

function useInvalidateGroups() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: trpc.organisations.companyGroups.pathKey() });
}

function DeleteGroupDialog({ group, onClose }: { group: Leaving; onClose(): void }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const invalidate = useInvalidateGroups();
  const remove = useMutation(trpc.organisations.companyGroups.requestDeletion.mutationOptions());
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="delete-group-dialog" closeLabel={t('back')}>
        <DialogHeader>
          <DialogTitle>{t('groups.deleteTitle', { name: group.name })}</DialogTitle>
          <DialogDescription className="sr-only">{t('groups.delete')}</DialogDescription>
        </DialogHeader>
        <ConfirmWord
          text={t('groups.deleteText', { name: group.name })}
          word={group.name}
          action={t('groups.delete')}
          pending={remove.isPending}
          onCancel={onClose}
          onConfirm={async () => {
            try {
              const g = await remove.mutateAsync({ id: group.id, confirmName: group.name });
              toast.success(t('groups.deleted', { date: formatDate(g.purgeAfter) }));
              await invalidate();
              onClose();
            } catch (err) {
              toast.error(errorMessage(err, t('error')));
            }
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/** Export, delete and restore buttons of one group. */
export function GroupActions({ group }: { group: Leaving }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const invalidate = useInvalidateGroups();
  const exporter = useJobDownload<'zip'>();
  const startExport = useMutation(trpc.organisations.companyGroups.export.mutationOptions());
  const restore = useMutation(
    trpc.organisations.companyGroups.restore.mutationOptions({
      onSuccess: async () => {
        toast.success(t('groups.restored'));
        await invalidate();
      },
      onError: (e) => toast.error(errorMessage(e, t('error'))),
    }),
  );
  const [deleting, setDeleting] = React.useState(false);
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <Button
        variant="outline"
        size="sm"
        disabled={exporter.running !== null}
        data-testid={`group-export-${group.id}`}
        onClick={() => void exporter.run('zip', () => startExport.mutateAsync({ id: group.id }))}
      >
        {exporter.running ? <Spinner className="size-4" /> : <Download className="size-4" aria-hidden />}
        {exporter.running ? t('groups.exporting', { progress: exporter.progress ?? 0 }) : t('groups.export')}
      </Button>
      {group.purgeAfter ? (
        <Button
          variant="outline"
          size="sm"
          disabled={restore.isPending}
          data-testid={`group-restore-${group.id}`}
          onClick={() => restore.mutate({ id: group.id })}
        >
          <RotateCcw className="size-4" aria-hidden />
          {t('groups.restore')}
        </Button>
      ) : (
        <Button
          variant="outline"
          size="sm"
          className="text-destructive"
          data-testid={`group-delete-${group.id}`}
          onClick={() => setDeleting(true)}
        >
          <Trash2 className="size-4" aria-hidden />
          {t('groups.delete')}
        </Button>
      )}
      {deleting && <DeleteGroupDialog group={group} onClose={() => setDeleting(false)} />}
    </div>
  );
}
