/**
 * The top bar's bell (issue 18 item 2): the equipment of the user's company (a group admin's:
 * the group's) whose next inspection or due date is within the product's notice days or already
 * past — the daily digest's items, from `notifications.due` (one indexed statement, refreshed every
 * few minutes). A badge counts them ("99+" past 99); the list shows the first ten, each leading to
 * the equipment's page, and links to the inspection report filtered to the same equipment. A
 * refresh that finds new equipment raises toasts, at most 3 at once (seed 000 §9; the Toaster
 * shows 3 as well); the first load raises none, the badge says it.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Bell, CalendarClock, ClipboardCheck } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { DueDateState, DueItem } from '../../../shared/notifications/schemas.ts';
import { INSPECTION_REPORT_PATH } from '../../../shared/notifications/links.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { Button } from '../ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { MenuLink } from './menu-link.tsx';
import { BELL_NS } from './notification-bell-i18n.ts';
import { badgeText, toastsForRefresh } from './notification-rules.ts';

/** How often an open app asks again (a new day, another user's inspection). */
const REFRESH_MS = 5 * 60_000;

function stateText(
  t: (k: string, o?: Record<string, unknown>) => string,
  kind: 'inspection' | 'due',
  s: DueDateState,
) {
  if (s.status === 'EXPIRED') return t(`${kind}Expired`, { count: -s.daysToExpire });
  if (s.daysToExpire === 0) return t(`${kind}Today`);
  if (s.daysToExpire === 1) return t(`${kind}Tomorrow`);
  return t(`${kind}In`, { count: s.daysToExpire });
}

function StateLine({ kind, state }: { kind: 'inspection' | 'due'; state: DueDateState }) {
  const { t } = useTranslation(BELL_NS);
  const Icon = kind === 'inspection' ? ClipboardCheck : CalendarClock;
  return (
    <span
      className={cn(
        'flex items-center gap-1 text-xs',
        state.status === 'EXPIRED' ? 'text-destructive' : 'text-warning',
      )}
      data-testid={`bell-item-${kind}`}
      data-status={state.status}
    >
      <Icon className="size-3.5!" aria-hidden />
      {stateText(t, kind, state)}
    </span>
  );
}

function ItemRow({ item }: { item: DueItem }) {
  const { t } = useTranslation(BELL_NS);
  return (
    <DropdownMenuItem asChild className="items-start">
      <Link
        to="/t/$serial"
        params={{ serial: item.tagSerialNumber }}
        search={{}}
        data-testid="bell-item"
        data-equipment={item.equipmentId}
      >
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="truncate font-medium">
            {item.productName}{' '}
            <span className="font-mono text-xs text-muted-foreground">({item.productSku})</span>
          </span>
          <span className="truncate text-xs text-muted-foreground">
            {[t('tag', { serial: item.tagSerialNumber }), item.extraLabel].filter(Boolean).join(' · ')}
          </span>
          {item.nextInspection && <StateLine kind="inspection" state={item.nextInspection} />}
          {item.dueDate && <StateLine kind="due" state={item.dueDate} />}
        </span>
      </Link>
    </DropdownMenuItem>
  );
}

export function NotificationBell() {
  const { t } = useTranslation(BELL_NS);
  const trpc = useTRPC();
  const navigate = useNavigate();
  const q = useQuery(
    trpc.notifications.due.queryOptions(undefined, {
      refetchInterval: REFRESH_MS,
      staleTime: REFRESH_MS / 2,
    }),
  );
  const data = q.data;

  // New equipment since the last answer → toasts (none for the first answer).
  const seen = React.useRef<number[] | null>(null);
  React.useEffect(() => {
    if (!data) return;
    const toasts = toastsForRefresh(seen.current, data.items);
    seen.current = data.items.map((i) => i.equipmentId);
    for (const x of toasts) {
      if (x.kind === 'item')
        toast.warning(t('toastItem', { product: x.item.productName, serial: x.item.tagSerialNumber }), {
          action: {
            label: t('toastOpen'),
            onClick: () =>
              void navigate({ to: '/t/$serial', params: { serial: x.item.tagSerialNumber }, search: {} }),
          },
        });
      else toast.warning(t('toastMore', { count: x.count }));
    }
  }, [data, t, navigate]);

  const badge = data ? badgeText(data.total, data.totalCapped) : null;
  const label = !data
    ? t('title')
    : data.totalCapped
      ? t('labelCapped', { count: data.total })
      : t('label', { count: data.total });
  const more = data ? data.total - data.items.length : 0;

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="onPrimary"
          size="icon"
          className="relative size-11 shrink-0 rounded-lg"
          aria-label={label}
          title={label}
          data-testid="bell"
        >
          <Bell className="size-5!" aria-hidden />
          {badge && (
            <span
              className="absolute top-1 right-0.5 min-w-5 rounded-full bg-secondary px-1 text-center text-[11px] leading-5 font-bold text-secondary-foreground"
              data-testid="bell-count"
              aria-hidden
            >
              {badge}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-1rem))]" data-testid="bell-list">
        <DropdownMenuLabel className="flex flex-col normal-case tracking-normal">
          <span className="text-sm font-semibold text-foreground">{t('title')}</span>
          <span className="text-xs font-normal text-muted-foreground">{t('subtitle')}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {q.isPending && (
          <div
            className="flex flex-col gap-2 p-2"
            data-testid="bell-loading"
            role="status"
            aria-label={t('loading')}
          >
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        )}
        {q.isError && (
          <div className="flex flex-col items-start gap-2 p-2 text-sm" data-testid="bell-error">
            <p>{t('error')}</p>
            <Button size="sm" variant="outline" onClick={() => void q.refetch()}>
              {t('retry')}
            </Button>
          </div>
        )}
        {data && data.items.length === 0 && (
          <p className="p-3 text-sm text-muted-foreground" data-testid="bell-empty">
            {t('empty')}
          </p>
        )}
        {data && data.items.length > 0 && (
          <>
            {data.items.map((item) => (
              <ItemRow key={item.equipmentId} item={item} />
            ))}
            {more > 0 && (
              <p className="px-2 py-1 text-xs text-muted-foreground" data-testid="bell-more">
                {data.totalCapped ? t('moreCapped', { number: more }) : t('more', { count: more })}
              </p>
            )}
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <MenuLink
                to={INSPECTION_REPORT_PATH}
                search={data.links.inspections}
                data-testid="bell-open-inspections"
              >
                <ClipboardCheck aria-hidden />
                {t('openInspections')}
              </MenuLink>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <MenuLink
                to={INSPECTION_REPORT_PATH}
                search={data.links.dueDates}
                data-testid="bell-open-due-dates"
              >
                <CalendarClock aria-hidden />
                {t('openDueDates')}
              </MenuLink>
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
