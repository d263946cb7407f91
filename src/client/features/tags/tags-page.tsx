import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, Tag } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ADMIN_ROLES } from '../../../shared/roles.ts';
import { tagListSchema } from '../../../shared/tags/schemas.ts';
import { DayRangeFilter } from '../../components/list/day-range-filter.tsx';
import { ListPage, TriStateFilter, useServerList } from '../../components/list/index.ts';
import { dateColumn, TwoLineCell } from '../../components/table-columns.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { useSession } from '../../lib/session.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { EquipmentDialog } from '../equipment/equipment-dialog.tsx';
import { EQUIPMENT_NS } from '../equipment/i18n.ts';
import { NS } from './i18n.ts';

export type TagRow = RouterOutputs['tags']['list']['items'][number];

const DASH = '—';

/** The used-tags counter of the header. */
function UsedTags() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const q = useQuery(trpc.tags.usedCount.queryOptions());
  return (
    <Badge variant="soft" className="px-3 py-1 text-sm" data-testid="used-tags">
      <Tag className="size-3.5" aria-hidden />
      {q.data ? t('usedTags', { count: q.data.used }) : <Skeleton className="h-4 w-24" />}
    </Badge>
  );
}

/** The toggle of a row: the tag is enabled or disabled at once, and a snackbar says so. */
function TagToggle({ row }: { row: TagRow }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toggle = useMutation(
    trpc.tags.toggle.mutationOptions({
      onSuccess: async (tag) => {
        toast.success(t(tag.enabled ? 'toggledOn' : 'toggledOff', { serial: tag.serialNumber }), {
          description: tag.enabled ? t('nowEnabled') : t('nowDisabled'),
        });
        await Promise.all([
          qc.invalidateQueries({ queryKey: trpc.tags.list.queryKey() }),
          qc.invalidateQueries({ queryKey: trpc.tags.usedCount.queryKey() }),
        ]);
      },
      onError: (e) => toast.error(errorMessage(e, t('toggleError'))),
    }),
  );
  // The switch shows the state asked for while the call is under way.
  const checked = toggle.isPending && toggle.variables ? toggle.variables.enabled : row.enabled;
  return (
    <Switch
      checked={checked}
      disabled={toggle.isPending}
      onCheckedChange={(enabled) => toggle.mutate({ serial: row.serialNumber, enabled })}
      onClick={(e) => e.stopPropagation()}
      aria-label={t('toggleLabel', { serial: row.serialNumber })}
      data-testid={`toggle-${row.serialNumber}`}
    />
  );
}

/** The detail button of a row whose tag has equipment: opens the equipment dialog. */
function DetailButton({ row, onOpen }: { row: TagRow; onOpen(serial: string): void }) {
  const { t } = useTranslation(EQUIPMENT_NS);
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={(e) => {
        e.stopPropagation();
        onOpen(row.serialNumber);
      }}
      aria-label={t('detailsOf', { serial: row.serialNumber })}
      title={t('detailsOf', { serial: row.serialNumber })}
      data-testid={`details-${row.serialNumber}`}
    >
      <Eye aria-hidden />
    </Button>
  );
}

/** /tags (seed 001 screen 6): every role lists; the operator gets no toggle (seed 001 §6). */
export function TagsPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const role = useSession().role;
  const canToggle = role !== null && (ADMIN_ROLES as readonly string[]).includes(role);
  // Company roles see one company: the company column only for group and provider admins.
  const groupWide = role === 'MOBCHECK_ADMIN' || role === 'COMPANY_GROUP_ADMIN';
  const list = useServerList(trpc.tags.list, { schema: tagListSchema });
  // The tag whose equipment dialog is open.
  const [detail, setDetail] = React.useState<string | null>(null);

  const columns = React.useMemo(
    () => [
      {
        id: 'serialNumber',
        header: t('serialNumber'),
        sortable: true,
        cell: (r: TagRow) => <span className="font-mono text-sm font-medium">{r.serialNumber}</span>,
      },
      {
        id: 'equipmentExtraLabel',
        header: t('equipment'),
        sortable: true,
        cell: (r: TagRow) => (
          <TwoLineCell main={r.equipmentExtraLabel ?? DASH} sub={r.equipmentExtraCode ?? DASH} />
        ),
      },
      {
        id: 'equipmentSerialNumber',
        header: t('equipmentSerialNumber'),
        sortable: true,
        cell: (r: TagRow) =>
          r.equipmentSerialNumber ? (
            <span className="font-mono text-xs">{r.equipmentSerialNumber}</span>
          ) : (
            <span className="text-muted-foreground">{DASH}</span>
          ),
      },
      {
        id: 'productName',
        header: t('productName'),
        sortable: true,
        cell: (r: TagRow) => r.productName ?? <span className="text-muted-foreground">{DASH}</span>,
      },
      {
        id: 'productIsDvExclusive',
        header: t('exclusive'),
        sortable: true,
        cell: (r: TagRow) =>
          r.productIsDvExclusive ? (
            <Badge variant="warning">{t('yes')}</Badge>
          ) : (
            <span className="text-muted-foreground">{t('no')}</span>
          ),
      },
      ...(groupWide
        ? [
            {
              id: 'companyName',
              header: t('company'),
              sortable: true,
              cell: (r: TagRow) => r.companyName ?? DASH,
            },
          ]
        : []),
      dateColumn<TagRow>('updateDate', t('updateDate'), (r) => r.updateDate),
      {
        id: 'enabled',
        header: t('enabled'),
        sortable: true,
        cell: (r: TagRow) =>
          canToggle ? (
            <TagToggle row={r} />
          ) : (
            <Badge variant={r.enabled ? 'success' : 'outline'} data-testid={`status-${r.serialNumber}`}>
              {r.enabled ? t('statusEnabled') : t('statusDisabled')}
            </Badge>
          ),
      },
      {
        id: 'details',
        header: t('options'),
        cell: (r: TagRow) => (r.used ? <DetailButton row={r} onOpen={setDetail} /> : null),
      },
    ],
    [t, canToggle, groupWide],
  );

  return (
    <ListPage
      title={t('title')}
      description={t('description')}
      actions={<UsedTags />}
      list={list}
      searchPlaceholder={t('search')}
      filters={
        <>
          <TriStateFilter
            value={list.input.exclusive}
            onChange={(v) => list.setFilter('exclusive', v)}
            label={t('exclusive')}
            testId="exclusive-filter"
          />
          <TriStateFilter
            value={list.input.active}
            onChange={(v) => list.setFilter('active', v)}
            label={t('active')}
            testId="active-filter"
          />
          <DayRangeFilter
            from={list.input.updateFrom}
            upTo={list.input.updateUpTo}
            onChange={(from, upTo) => list.setFilters({ updateFrom: from, updateUpTo: upTo })}
            fromLabel={t('updateFrom')}
            upToLabel={t('updateUpTo')}
            testId="update"
          />
        </>
      }
      columns={columns}
      rowKey={(r) => r.serialNumber}
    >
      {detail && (
        <EquipmentDialog
          tag={detail}
          variant="inspection"
          open
          onOpenChange={(open) => !open && setDetail(null)}
        />
      )}
    </ListPage>
  );
}
