/** Pieces the service-order screens share: the status badge, the enum options, the people select's data. */
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { OS_STATUSES, OS_TYPES, PRIORITIES } from '../../../shared/service-orders/schemas.ts';
import type { OsStatus } from '../../../shared/service-orders/status.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { NS } from './i18n.ts';

/** PENDING orange (waiting), PARTIAL teal-soft (under way), FINISHED green, CANCELLED grey. */
const STATUS_CLASS: Record<OsStatus, string> = {
  PENDING: 'border-transparent bg-secondary-soft text-warning',
  PARTIAL: 'border-transparent bg-primary-soft text-primary',
  FINISHED: 'border-transparent bg-success/15 text-success',
  CANCELLED: 'border-input bg-muted text-muted-foreground',
};

export function OsStatusBadge({
  status,
  className,
  testId = 'os-status',
}: {
  status: OsStatus;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation(NS);
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        STATUS_CLASS[status],
        className,
      )}
      data-testid={testId}
      data-status={status}
    >
      {t(`statuses.${status}`)}
    </span>
  );
}

type T = TFunction<typeof NS>;

export const statusOptions = (t: T) => OS_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }));
export const typeOptions = (t: T) => OS_TYPES.map((s) => ({ value: s, label: t(`types.${s}`) }));
/** Priorities from the lowest up; HIGHEST reads "Muito alta" (seed 000 §3). */
export const priorityOptions = (t: T) => PRIORITIES.map((s) => ({ value: s, label: t(`priorities.${s}`) }));

/** `serviceOrders.users`: who may be an order's responsible (of `companyId` when given). */
export function useOsUsers(companyId?: number) {
  const trpc = useTRPC();
  return useQuery(trpc.serviceOrders.users.queryOptions(companyId === undefined ? {} : { companyId }));
}

/** A dash for a missing text in read-only cells. */
export const DASH = '—';
