import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CONFIRMATION_WORD } from '../../../shared/enums.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { errorMessage } from '../../lib/trpc.ts';
import { ConfirmWord } from './confirm-word.tsx';
import { NS } from './i18n.ts';

/** A user's status as a coloured badge. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation(NS);
  return (
    <Badge variant={status === 'ACTIVE' ? 'success' : status === 'PENDING' ? 'warning' : 'secondary'}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** The status filter of a user list, offering `statuses`. */
export function UserStatusFilter<S extends string>({
  value,
  onChange,
  statuses,
}: {
  value: S;
  onChange(value: S): void;
  statuses: readonly S[];
}) {
  const { t } = useTranslation(NS);
  return (
    <FilterSelect
      value={value}
      onChange={onChange}
      options={statuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
      label={t('users.status')}
      testId="status-filter"
    />
  );
}

/**
 * Removing a user behind the typed confirmation word: runs `remove`, then toasts `doneText` and
 * calls `onDone`; a failure is toasted and the confirmation stays open.
 */
export function ConfirmUserRemoval({
  name,
  action,
  doneText,
  pending,
  remove,
  onDone,
  onCancel,
}: {
  name: string;
  action: string;
  doneText: string;
  pending: boolean;
  remove(): Promise<unknown>;
  onDone(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation(NS);
  return (
    <ConfirmWord
      text={t('users.removeText', { word: CONFIRMATION_WORD, name })}
      action={action}
      pending={pending}
      onCancel={onCancel}
      onConfirm={async () => {
        try {
          await remove();
          toast.success(doneText);
          onDone();
        } catch (err) {
          toast.error(errorMessage(err, t('error')));
        }
      }}
    />
  );
}
