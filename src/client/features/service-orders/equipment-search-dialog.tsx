/**
 * The /create-os equipment search (seed 000 §2 "An equipment search dialog with an add-selected
 * button"; "Only equipment with an enabled tag is offered"): `serviceOrders.equipmentSearch`,
 * searched, sorted and paged on the server, rows ticked across pages, then "Adicionar
 * selecionados". An order holds one company's equipment: once one is chosen the search keeps to
 * its company, and rows of another company cannot be ticked.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceOrderEquipment } from '../../../shared/service-orders/schemas.ts';
import {
  DataTable,
  type DataTableColumn,
  type ListController,
  SearchBox,
} from '../../components/list/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { useDebouncedValue } from '../../lib/hooks.ts';
import { useSession } from '../../lib/session.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { isGroupWide } from '../reports/report-roles.ts';
import { NS } from './i18n.ts';
import { DASH } from './os-parts.tsx';

type Row = ServiceOrderEquipment;
type Sort = 'tagSerialNumber' | 'extraLabel' | 'productName' | 'productSku';
const SORTS: readonly string[] = ['tagSerialNumber', 'extraLabel', 'productName', 'productSku'];

export function EquipmentSearchDialog({
  companyId,
  chosen,
  onAdd,
  onClose,
}: {
  /** the company of the equipment already chosen (the search keeps to it) */
  companyId: number | undefined;
  /** ids already in the order (shown ticked and locked) */
  chosen: ReadonlySet<number>;
  onAdd(rows: Row[]): void;
  onClose(): void;
}) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const groupWide = isGroupWide(useSession().role);
  const [text, setText] = React.useState('');
  const query = useDebouncedValue(text.trim(), 300);
  const [state, setState] = React.useState({
    page: 0,
    pageSize: 10,
    sort: 'tagSerialNumber' as Sort,
    direction: 'asc' as 'asc' | 'desc',
    query: '',
  });
  // A new search starts at the first page.
  const input = state.query === query ? state : { ...state, query, page: 0 };
  const [ticked, setTicked] = React.useState<Map<number, Row>>(new Map());
  const company = companyId ?? ticked.values().next().value?.companyId;

  const q = useQuery({
    ...trpc.serviceOrders.equipmentSearch.queryOptions({
      page: input.page,
      pageSize: input.pageSize,
      sort: input.sort,
      direction: input.direction,
      query: input.query || undefined,
      companyId,
    }),
    placeholderData: keepPreviousData,
  });

  const list: ListController<Row> = {
    input,
    data: q.data,
    loading: q.isPending,
    fetching: q.isFetching && q.isPlaceholderData,
    setPage: (page) => setState({ ...input, page: Math.max(0, page) }),
    setPageSize: (pageSize) => setState({ ...input, pageSize, page: 0 }),
    toggleSort: (column) => {
      if (!SORTS.includes(column)) return;
      const same = input.sort === column;
      setState({
        ...input,
        sort: column as Sort,
        direction: same && input.direction === 'asc' ? 'desc' : 'asc',
        page: 0,
      });
    },
  };

  const locked = (r: Row) => chosen.has(r.id) || (company !== undefined && r.companyId !== company);
  const toggle = (r: Row, on: boolean) =>
    setTicked((m) => {
      const next = new Map(m);
      if (on) next.set(r.id, r);
      else next.delete(r.id);
      return next;
    });
  const pageRows = (q.data?.items ?? []).filter((r) => !locked(r));
  const allPage = pageRows.length > 0 && pageRows.every((r) => ticked.has(r.id));

  const columns: DataTableColumn<Row>[] = [
    {
      id: 'select',
      headerClassName: 'w-10',
      header: (
        <Checkbox
          checked={allPage}
          disabled={pageRows.length === 0}
          onCheckedChange={(v) => {
            for (const r of pageRows) toggle(r, v === true);
          }}
          aria-label={t('selectPage')}
          data-testid="os-search-select-page"
        />
      ),
      cell: (r) => {
        const already = chosen.has(r.id);
        return (
          <Checkbox
            checked={already || ticked.has(r.id)}
            disabled={locked(r)}
            onCheckedChange={(v) => toggle(r, v === true)}
            onClick={(e) => e.stopPropagation()}
            aria-label={t('selectRow', { serial: r.tagSerialNumber })}
            title={already ? t('alreadyAdded') : locked(r) ? t('otherCompany') : undefined}
            data-testid={`os-search-select-${r.tagSerialNumber}`}
          />
        );
      },
    },
    {
      id: 'tagSerialNumber',
      header: t('serial'),
      sortable: true,
      cell: (r) => <span className="font-mono">{r.tagSerialNumber}</span>,
    },
    { id: 'extraLabel', header: t('extraName'), sortable: true, cell: (r) => r.extraLabel ?? DASH },
    { id: 'productName', header: t('productName'), sortable: true, cell: (r) => r.productName },
    { id: 'productSku', header: t('sku'), sortable: true, cell: (r) => r.productSku },
    {
      id: 'productDescription',
      header: t('description'),
      className: 'max-w-56',
      cell: (r) => <span className="line-clamp-2">{r.productDescription ?? DASH}</span>,
    },
    ...(groupWide
      ? [{ id: 'company', header: t('fields.company'), cell: (r: Row) => r.companyName ?? DASH }]
      : []),
  ];

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-5xl" data-testid="os-equipment-search">
        <DialogHeader>
          <DialogTitle>{t('searchTitle')}</DialogTitle>
          <DialogDescription>{t('searchDescription')}</DialogDescription>
        </DialogHeader>
        <SearchBox value={text} onChange={setText} placeholder={t('searchEquipment')} />
        {q.isError && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(q.error, t('common:common.error'))}
          </p>
        )}
        <div className="max-h-[55dvh] overflow-y-auto">
          <DataTable
            list={list}
            columns={columns}
            rowKey={(r) => r.id}
            onRowClick={(r) => !locked(r) && toggle(r, !ticked.has(r.id))}
            rowProps={(r) => ({ 'data-serial': r.tagSerialNumber })}
            label={t('searchTitle')}
          />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('common:common.cancel')}
          </Button>
          <Button
            disabled={ticked.size === 0}
            onClick={() => onAdd([...ticked.values()])}
            data-testid="os-search-add"
          >
            {t('addSelected', { count: ticked.size })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
