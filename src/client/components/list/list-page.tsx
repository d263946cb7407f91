/**
 * A list page: header (title, description, optional add button and other actions), search box,
 * filter slots, the load error with retry, and the DataTable. Dialogs go in `children`.
 *
 *   const list = useServerList(trpc.organisations.companies.list, { schema: companyListSchema });
 *   <ListPage title={t('title')} list={list} add={{ label: t('add'), onClick: open, testId: 'add-company' }}
 *             filters={<FilterSelect value={list.input.enabled} onChange={(v) => list.setFilter('enabled', v)} … />}
 *             columns={…} rowKey={(r) => r.id} onRowClick={edit}>
 *     {editing && <CompanyDialog … />}
 *   </ListPage>
 */
import { AlertCircle, Plus, Search } from 'lucide-react';
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorMessage } from '../../lib/trpc.ts';
import { KIT_NS } from '../kit-i18n.ts';
import { PageHeader } from '../page-header.tsx';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { DataTable, type DataTableColumn, type RowProps } from './data-table.tsx';
import type { ListController } from './use-server-list.ts';

/** The list's search box (the list hook debounces what is typed). */
export function SearchBox({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange(v: string): void;
  placeholder?: string;
}) {
  const { t } = useTranslation(KIT_NS);
  const label = placeholder ?? t('search');
  return (
    <div className="relative w-full sm:max-w-xs">
      <Search
        className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={label}
        aria-label={label}
        title={t('searchHint')}
        className="pl-8"
        data-testid="search"
      />
    </div>
  );
}

/**
 * Shown above a table whose data could not be loaded: the server's message when it sent one
 * (a catalogue code), otherwise a generic text; and a retry button.
 */
export function ListError({ error, onRetry }: { error?: unknown; onRetry(): void }) {
  const { t } = useTranslation(KIT_NS);
  const text = errorCode(error) ? errorMessage(error, t('loadError')) : t('loadError');
  return (
    <div
      role="alert"
      className="flex items-center gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
      data-testid="list-error"
    >
      <AlertCircle className="size-4" aria-hidden />
      <span className="flex-1">{text}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

/** A list with a search box and a query (what useServerList returns). */
interface SearchableList<Row> extends ListController<Row> {
  search?: string;
  setSearch?(text: string): void;
  query?: { isError: boolean; error: unknown; refetch(): unknown };
}

export interface ListPageProps<Row> {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** The add button on the right of the header. */
  add?: { label: React.ReactNode; onClick(): void; testId?: string };
  /** Other header actions. */
  actions?: React.ReactNode;
  list: SearchableList<Row>;
  /** Placeholder (and accessible name) of the search box; `false` for a list without search. */
  searchPlaceholder?: string | false;
  /** Filter controls (FilterSelect…) beside the search box. */
  filters?: React.ReactNode;
  columns: DataTableColumn<NoInfer<Row>>[];
  rowKey(row: NoInfer<Row>): string | number;
  onRowClick?(row: NoInfer<Row>): void;
  /** Extra attributes of a row (a status border, a dimmed row, `data-*`). */
  rowProps?(row: NoInfer<Row>): RowProps;
  /** Accessible name of the table (defaults to the title when it is a string). */
  tableLabel?: string;
  emptyText?: React.ReactNode;
  /** Dialogs of the page. */
  children?: React.ReactNode;
}

export function ListPage<Row>({
  title,
  description,
  add,
  actions,
  list,
  searchPlaceholder,
  filters,
  columns,
  rowKey,
  onRowClick,
  rowProps,
  tableLabel,
  emptyText,
  children,
}: ListPageProps<Row>) {
  const showSearch = searchPlaceholder !== false && list.setSearch !== undefined;
  return (
    <div className="space-y-5">
      <PageHeader
        title={title}
        description={description}
        actions={
          add || actions ? (
            <>
              {actions}
              {add && (
                <Button onClick={add.onClick} data-testid={add.testId}>
                  <Plus aria-hidden />
                  {add.label}
                </Button>
              )}
            </>
          ) : undefined
        }
      />
      {(showSearch || filters) && (
        <div className="flex flex-wrap items-center gap-3">
          {showSearch && (
            <SearchBox
              value={list.search ?? ''}
              onChange={(v) => list.setSearch?.(v)}
              placeholder={searchPlaceholder || undefined}
            />
          )}
          {filters}
        </div>
      )}
      {list.query?.isError && <ListError error={list.query.error} onRetry={() => list.query?.refetch()} />}
      <DataTable
        label={tableLabel ?? (typeof title === 'string' ? title : undefined)}
        list={list}
        columns={columns}
        rowKey={rowKey}
        onRowClick={onRowClick}
        rowProps={rowProps}
        emptyText={emptyText}
      />
      {children}
    </div>
  );
}
