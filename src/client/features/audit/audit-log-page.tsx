/**
 * /audit-log (company and group admins, the provider admin in a group) and /platform-audit-log
 * (provider admin): the audit trail, newest first, with its filters in the URL (source, entity,
 * action, period, user — a click on a user's name filters by that user) and the CSV export.
 * Entities, actions and fields show their names in the user's language (`useAuditLabels`).
 */
import { Download, Loader2 } from 'lucide-react';
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import {
  AUDIT_ACCOUNT_ENTITIES,
  AUDIT_ACTIONS,
  type AUDIT_ENTITIES,
  AUDIT_GROUP_ENTITIES,
  AUDIT_SOURCES,
  auditListSchema,
  platformAuditListSchema,
} from '../../../shared/audit/schemas.ts';
import { formatDateTime } from '../../../shared/dates.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { DayRangeFilter } from '../../components/list/day-range-filter.tsx';
import { type DataTableColumn, ListPage, useServerList } from '../../components/list/index.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';
import { type AuditLabels, useAuditLabels } from './labels.ts';
import { useAuditExport } from './use-audit-export.ts';

type Entry = RouterOutputs['audit']['list']['items'][number];
type Action = (typeof AUDIT_ACTIONS)[number];
type Entity = (typeof AUDIT_ENTITIES)[number];

/** UPDATE: "field: before → after" per changed field; INSERT/DELETE: the row's fields. */
function Changes({ entry, labels }: { entry: Entry; labels: AuditLabels }) {
  const text = (v: unknown) =>
    v === null || v === undefined ? '∅' : typeof v === 'string' ? v : JSON.stringify(v);
  // The field's name apart from its value: "Empresa" is a name, "Empresa: 1" would read as a sentence.
  const lines = Object.entries(entry.changes).map(([field, value]) => ({
    field,
    label: labels.field(field),
    value:
      entry.action === 'UPDATE' && Array.isArray(value)
        ? `${text(value[0])} → ${text(value[1])}`
        : text(value),
  }));
  return (
    <ul className="max-w-md space-y-0.5 font-mono text-xs break-words" data-testid="audit-changes">
      {lines.map((l) => (
        <li key={l.field}>
          <span>{l.label}</span>
          {`: ${l.value}`}
        </li>
      ))}
    </ul>
  );
}

function useColumns(onUser: (e: Entry) => void): DataTableColumn<Entry>[] {
  const { t } = useTranslation(NS);
  const labels = useAuditLabels();
  return [
    { id: 'at', header: t('when'), sortable: true, cell: (e) => formatDateTime(e.at) },
    {
      id: 'who',
      header: t('who'),
      cell: (e) =>
        e.userId === null ? (
          <span className="text-muted-foreground">
            {e.operation ? `${t('system')} (${e.operation})` : t('system')}
          </span>
        ) : (
          <button
            type="button"
            className="text-left underline-offset-2 hover:underline"
            title={t('filterByUser', { name: e.userName ?? e.userEmail ?? e.userId })}
            onClick={(ev) => {
              ev.stopPropagation();
              onUser(e);
            }}
          >
            <span className="font-medium">{e.userName ?? '—'}</span>
            <span className="block text-xs text-muted-foreground">{e.userEmail}</span>
          </button>
        ),
    },
    { id: 'ip', header: t('ip'), cell: (e) => e.ip ?? '—' },
    { id: 'operation', header: t('operation'), cell: (e) => e.operation ?? '—' },
    {
      id: 'entity',
      header: t('entity'),
      cell: (e) => <span data-entity={e.entity}>{labels.entity(e.entity)}</span>,
    },
    { id: 'record', header: t('record'), cell: (e) => e.entityId ?? '—' },
    {
      id: 'action',
      header: t('action'),
      cell: (e) => (
        <Badge
          variant={e.action === 'DELETE' ? 'destructive' : e.action === 'INSERT' ? 'success' : 'soft'}
          data-testid="audit-action"
        >
          {labels.action(e.action)}
        </Badge>
      ),
    },
    { id: 'changes', header: t('changes'), cell: (e) => <Changes entry={e} labels={labels} /> },
  ];
}

/** The filters both logs have; what they read of the list's input and how they change it. */
interface CommonFilters {
  entity?: Entity | undefined;
  action?: Action | undefined;
  from?: string | undefined;
  to?: string | undefined;
  userId?: number | undefined;
}

/** Entity (of `entities`), action, period and "all users" when a user is picked; `before`: filters first. */
function AuditFilters(props: {
  input: CommonFilters;
  entities: readonly Entity[];
  setFilters(patch: Partial<CommonFilters>): void;
  before?: React.ReactNode;
}) {
  const { t } = useTranslation(NS);
  const labels = useAuditLabels();
  const { input, setFilters } = props;
  return (
    <>
      {props.before}
      <FilterSelect<Entity | 'all'>
        value={input.entity ?? 'all'}
        onChange={(v) => setFilters({ entity: v === 'all' ? undefined : v })}
        options={[
          { value: 'all', label: t('allEntities') },
          ...props.entities.map((e) => ({ value: e, label: labels.entity(e) })),
        ]}
        label={t('entity')}
        className="min-w-48"
        testId="audit-entity"
      />
      <FilterSelect<Action | 'all'>
        value={input.action ?? 'all'}
        onChange={(v) => setFilters({ action: v === 'all' ? undefined : v })}
        options={[
          { value: 'all', label: t('allActions') },
          ...AUDIT_ACTIONS.map((a) => ({ value: a, label: labels.action(a) })),
        ]}
        label={t('action')}
        className="min-w-40"
        testId="audit-action-filter"
      />
      <DayRangeFilter
        from={input.from}
        upTo={input.to}
        onChange={(from, to) => setFilters({ from, to })}
        fromLabel={t('from')}
        upToLabel={t('to')}
        testId="audit-period"
      />
      {input.userId !== undefined && (
        <Button
          variant="ghost"
          onClick={() => setFilters({ userId: undefined })}
          data-testid="audit-clear-user"
        >
          {t('clearUser')}
        </Button>
      )}
    </>
  );
}

export function AuditLogPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const list = useServerList(trpc.audit.list, { schema: auditListSchema });
  const exporter = useAuditExport();
  const { input } = list;
  const entities = input.source === 'accounts' ? AUDIT_ACCOUNT_ENTITIES : AUDIT_GROUP_ENTITIES;
  const columns = useColumns((e) => list.setFilter('userId', e.userId ?? undefined));
  const { page: _p, pageSize: _s, ...exportInput } = input;
  return (
    <ListPage
      title={t('title')}
      description={t('description')}
      list={list}
      searchPlaceholder={t('search')}
      actions={
        <div className="flex flex-col items-end gap-2">
          <Button
            variant="outline"
            onClick={() => void exporter.run(exportInput)}
            disabled={exporter.running}
            data-testid="audit-export"
          >
            {exporter.running ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
            {t('export')}
          </Button>
          {exporter.running && (
            <div className="w-56 space-y-1" role="status" data-testid="audit-export-status">
              <Progress value={exporter.progress} aria-label={t('exportProgress')} />
              <p className="text-xs text-muted-foreground">{t('exporting')}</p>
            </div>
          )}
        </div>
      }
      filters={
        <AuditFilters
          input={input}
          entities={entities}
          setFilters={list.setFilters}
          before={
            <FilterSelect<(typeof AUDIT_SOURCES)[number]>
              value={input.source}
              onChange={(v) => list.setFilters({ source: v, entity: undefined })}
              options={AUDIT_SOURCES.map((s) => ({ value: s, label: t(`sources.${s}`) }))}
              label={t('source')}
              className="min-w-52"
              testId="audit-source"
            />
          }
        />
      }
      rowKey={(e) => e.id}
      columns={columns}
      emptyText={t('empty')}
    />
  );
}

export function PlatformAuditLogPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const list = useServerList(trpc.audit.platform, { schema: platformAuditListSchema });
  const columns = useColumns((e) => list.setFilter('userId', e.userId ?? undefined));
  return (
    <ListPage
      title={t('platformTitle')}
      description={t('platformDescription')}
      list={list}
      searchPlaceholder={t('search')}
      filters={
        <AuditFilters input={list.input} entities={AUDIT_ACCOUNT_ENTITIES} setFilters={list.setFilters} />
      }
      rowKey={(e) => e.id}
      columns={columns}
      emptyText={t('empty')}
    />
  );
}
