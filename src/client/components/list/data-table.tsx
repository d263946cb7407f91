/**
 * A table over server-side data: sortable headers, pagination (10/100/1000), total count,
 * skeleton rows while loading and 'Lista vazia.' when empty. It takes its state from a list hook:
 *
 *   const list = useServerList(trpc.catalogue.categories.list, { schema: listCategoriesSchema });
 *   <DataTable list={list} rowKey={(r) => r.id}
 *              columns={[{ id: 'name', header: t('name'), sortable: true, cell: (r) => r.name }]} />
 *
 * Pages normally get it through `ListPage` (./list-page.tsx).
 */
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  ChevronLeft,
  ChevronRight,
  ChevronsLeft,
  ChevronsRight,
} from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../shared/enums.ts';
import { cn } from '../../lib/utils.ts';
import { Button } from '../ui/button.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table.tsx';
import { lastPage } from './list-url.ts';
import type { ListController } from './use-server-list.ts';

export interface DataTableColumn<T> {
  /** Sort key sent to the server (and React key). */
  id: string;
  header: React.ReactNode;
  cell(row: T): React.ReactNode;
  sortable?: boolean;
  className?: string;
  headerClassName?: string;
  /**
   * The row's actions: kept at the right edge while a wide table scrolls sideways (issue 16 item 7;
   * `editColumn` sets it), and on a phone shown without a label at the foot of the row's card.
   */
  sticky?: 'end';
  /**
   * The label of the cell on a phone's card; defaults to the header when it is a string (a column
   * without either shows its value alone).
   */
  label?: string;
}

/** A sticky column's cell: opaque, above the scrolled cells, with a soft edge on its left. */
const STICKY_END =
  'sm:sticky sm:right-0 sm:z-[1] sm:bg-card sm:shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.25)] sm:group-hover/row:bg-[color-mix(in_srgb,var(--color-muted)_40%,var(--color-card))]';

/*
 * Below the `sm` breakpoint (a phone) the same table is laid out as a stack of cards, one per row,
 * with CSS alone: every cell is a line "label … value" (the label is the column's, drawn by
 * `::before` from `data-label`, so it is no text of the cell), the actions at the foot. Nothing is
 * off-screen, status and actions included, and the markup (rows, cells, test ids) is the table's
 * on every screen (issue 26 item 17). The header row becomes the sort buttons; columns that do not
 * sort leave it.
 */
const CARD_TABLE = 'max-sm:block';
const CARD_HEADER = 'max-sm:block max-sm:bg-muted/40';
const CARD_HEADER_ROW =
  'max-sm:flex max-sm:flex-wrap max-sm:gap-x-4 max-sm:gap-y-1 max-sm:px-3 max-sm:py-1.5';
const CARD_HEADER_CELL = 'max-sm:h-auto max-sm:px-0';
const CARD_BODY = 'max-sm:block';
const CARD_ROW = 'max-sm:block max-sm:px-1 max-sm:py-2';
const CARD_CELL =
  'max-sm:flex max-sm:min-h-8 max-sm:items-center max-sm:justify-between max-sm:gap-3 max-sm:py-1 max-sm:text-right max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:uppercase max-sm:before:tracking-wide max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]';
/** The actions' cell on a phone: at the foot of the card, at its right, no label. */
const CARD_ACTIONS = 'max-sm:justify-end max-sm:before:hidden';

function cellLabel<T>(col: DataTableColumn<T>): string | undefined {
  if (col.sticky) return undefined;
  return col.label ?? (typeof col.header === 'string' ? col.header : undefined);
}

export type RowProps = { className?: string } & { [data: `data-${string}`]: string | undefined };

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  /** The list's state, rows and setters (useServerList / useLocalList). */
  list: ListController<T>;
  rowKey(row: T): string | number;
  onRowClick?(row: T): void;
  /** Extra attributes of a row: a class (a status border, a dimmed row) and `data-*` for tests. */
  rowProps?(row: T): RowProps;
  /** Defaults to the translated 'Lista vazia.'. */
  emptyText?: React.ReactNode;
  /** Accessible name of the table. */
  label?: string;
  className?: string;
}

export function DataTable<T>({
  columns,
  list,
  rowKey,
  onRowClick,
  rowProps,
  emptyText,
  label,
  className,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const { input } = list;
  const { data, loading, fetching } = list;
  const rows = data?.items ?? [];
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / input.pageSize));
  // A page past the end (the hook goes to the last one; its empty rows may linger as the placeholder
  // while that one loads) shows skeletons, not 'Lista vazia.'.
  const pastEnd =
    !!data && total > 0 && (input.page > lastPage(total, input.pageSize) || data.items.length === 0);
  const showSkeleton = (loading && !data) || pastEnd;
  const skeletonRows = Math.min(input.pageSize, 10);

  return (
    <div
      className={cn('overflow-hidden rounded-xl border bg-card shadow-sm', className)}
      data-testid="data-table"
    >
      {/* A floor on the width so narrow screens scroll the table sideways instead of crushing
          every column into one-word lines; a phone shows cards instead (CARD_* above). */}
      <Table
        aria-label={label}
        aria-busy={loading || fetching || undefined}
        className={cn(CARD_TABLE, 'sm:min-w-[var(--table-min-width)]')}
        style={{ '--table-min-width': `${Math.max(32, columns.length * 8)}rem` } as React.CSSProperties}
      >
        <TableHeader className={cn(CARD_HEADER, !columns.some((c) => c.sortable) && 'max-sm:hidden')}>
          <TableRow className={cn('hover:bg-transparent', CARD_HEADER_ROW)}>
            {columns.map((col) => {
              const active = input.sort === col.id;
              const ariaSort = active ? (input.direction === 'asc' ? 'ascending' : 'descending') : undefined;
              return (
                <TableHead
                  key={col.id}
                  aria-sort={col.sortable ? (ariaSort ?? 'none') : undefined}
                  className={cn(
                    col.sticky && STICKY_END,
                    CARD_HEADER_CELL,
                    !col.sortable && 'max-sm:hidden',
                    col.headerClassName,
                  )}
                >
                  {col.sortable ? (
                    <button
                      type="button"
                      onClick={() => list.toggleSort(col.id)}
                      className={cn(
                        '-mx-1.5 inline-flex items-center gap-1 rounded px-1.5 py-1 uppercase hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
                        active && 'text-primary',
                      )}
                      data-testid={`sort-${col.id}`}
                    >
                      {col.header}
                      {active ? (
                        input.direction === 'asc' ? (
                          <ArrowUp className="size-3.5" aria-hidden />
                        ) : (
                          <ArrowDown className="size-3.5" aria-hidden />
                        )
                      ) : (
                        <ArrowUpDown className="size-3.5 opacity-50" aria-hidden />
                      )}
                      {active && (
                        <span className="sr-only">
                          {input.direction === 'asc' ? t('common.sortAsc') : t('common.sortDesc')}
                        </span>
                      )}
                    </button>
                  ) : (
                    col.header
                  )}
                </TableHead>
              );
            })}
          </TableRow>
        </TableHeader>
        <TableBody className={cn(CARD_BODY, fetching && !showSkeleton && 'opacity-60 transition-opacity')}>
          {showSkeleton &&
            Array.from({ length: skeletonRows }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
              <TableRow key={i} data-testid="skeleton-row" className={CARD_ROW}>
                {columns.map((col) => (
                  <TableCell key={col.id} className={cn(CARD_CELL, col.sticky && CARD_ACTIONS)}>
                    <Skeleton className="h-4 w-full max-w-40" />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          {!showSkeleton &&
            rows.map((row) => {
              const { className: rowClass, ...rowData } = rowProps?.(row) ?? {};
              return (
                <TableRow
                  key={rowKey(row)}
                  {...rowData}
                  className={cn('group/row', CARD_ROW, onRowClick && 'cursor-pointer', rowClass)}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  onKeyDown={
                    onRowClick
                      ? (e) => {
                          if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
                            e.preventDefault();
                            onRowClick(row);
                          }
                        }
                      : undefined
                  }
                  tabIndex={onRowClick ? 0 : undefined}
                >
                  {columns.map((col) => (
                    <TableCell
                      key={col.id}
                      data-column={col.id}
                      data-label={cellLabel(col)}
                      className={cn(CARD_CELL, col.sticky && [STICKY_END, CARD_ACTIONS], col.className)}
                    >
                      {col.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
        </TableBody>
      </Table>
      {/* Outside the table: inside a wide, horizontally scrolled table on a phone the centred
          text ended up off-screen. */}
      {!showSkeleton && rows.length === 0 && (
        <p className="border-t px-4 py-12 text-center text-sm text-muted-foreground" data-testid="empty-list">
          {emptyText ?? t('common.emptyList')}
        </p>
      )}
      <Pagination list={list} total={data ? total : null} capped={data?.totalCapped === true} pages={pages} />
    </div>
  );
}

function Pagination<T>({
  list,
  total,
  capped,
  pages,
}: {
  list: ListController<T>;
  total: number | null;
  /** the server stopped counting (kit/list.ts): more rows match, and the last page is unknown */
  capped: boolean;
  pages: number;
}) {
  const { t } = useTranslation();
  const { page, pageSize } = list.input;
  const sizeId = React.useId();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t px-4 py-3 text-sm">
      <p className="text-muted-foreground" data-testid="total-count">
        {total === null ? (
          <Skeleton className="h-4 w-20" />
        ) : (
          `${t('common.total', { count: total })}${capped ? '+' : ''}`
        )}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="text-muted-foreground">
            {t('common.rowsPerPage')}
          </label>
          <Select value={String(pageSize)} onValueChange={(v) => list.setPageSize(Number(v))}>
            <SelectTrigger id={sizeId} className="h-8 w-20" data-testid="page-size">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PAGE_SIZES.map((n) => (
                <SelectItem key={n} value={String(n)}>
                  {n}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <span className="tabular-nums text-muted-foreground" aria-live="polite">
          {t('common.pageOf', { page: Math.min(page + 1, pages), pages: capped ? `${pages}+` : pages })}
        </span>
        <div className="flex items-center gap-1">
          <PageButton
            label={t('common.firstPage')}
            disabled={page <= 0}
            onClick={() => list.setPage(0)}
            icon={<ChevronsLeft aria-hidden />}
          />
          <PageButton
            label={t('common.previousPage')}
            disabled={page <= 0}
            onClick={() => list.setPage(page - 1)}
            icon={<ChevronLeft aria-hidden />}
          />
          <PageButton
            label={t('common.nextPage')}
            disabled={!capped && page + 1 >= pages}
            onClick={() => list.setPage(page + 1)}
            icon={<ChevronRight aria-hidden />}
          />
          <PageButton
            label={t('common.lastPage')}
            disabled={capped || page + 1 >= pages}
            onClick={() => list.setPage(pages - 1)}
            icon={<ChevronsRight aria-hidden />}
          />
        </div>
      </div>
    </div>
  );
}

/** One of the pager's first/previous/next/last buttons. */
function PageButton({
  label,
  disabled,
  onClick,
  icon,
}: {
  label: string;
  disabled: boolean;
  onClick(): void;
  icon: React.ReactNode;
}) {
  return (
    <Button
      variant="outline"
      size="icon"
      className="size-8"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {icon}
    </Button>
  );
}
