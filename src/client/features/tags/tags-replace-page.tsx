import { ChevronRight, Info } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates.ts';
import { REPLACEMENT_STATUS_FILTERS, replacementListSchema } from '../../../shared/tags/schemas.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { DayRangeFilter } from '../../components/list/day-range-filter.tsx';
import { ListPage, useServerList } from '../../components/list/index.ts';
import { TwoLineCell } from '../../components/table-columns.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';
import { ProductImage } from '../catalogue/components.tsx';
import { ReplaceDialog, type RequestRow } from './replace-dialog.tsx';

const DASH = '—';

/** /tags-replace (seed 001 screen 7): the replacement requests; each row opens the replace dialog. */
export function TagsReplacePage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const list = useServerList(trpc.tags.replacementRequests, { schema: replacementListSchema });
  const [open, setOpen] = React.useState<RequestRow | null>(null);

  return (
    <ListPage
      title={t('replaceTitle')}
      description={t('replaceDescription')}
      list={list}
      searchPlaceholder={t('replaceSearch')}
      filters={
        <>
          <FilterSelect
            value={list.input.status}
            onChange={(v) => list.setFilter('status', v)}
            options={REPLACEMENT_STATUS_FILTERS.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
            label={t('status')}
            prefix={`${t('status')}:`}
            testId="status-filter"
          />
          <DayRangeFilter
            from={list.input.requestFrom}
            upTo={list.input.requestUpTo}
            onChange={(from, upTo) => list.setFilters({ requestFrom: from, requestUpTo: upTo })}
            fromLabel={t('requestFrom')}
            upToLabel={t('requestUpTo')}
            testId="request"
          />
          <p
            className="flex w-full items-start gap-2 text-sm text-muted-foreground"
            data-testid="replace-note"
          >
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('replaceNote')}
          </p>
        </>
      }
      rowKey={(r) => r.id}
      onRowClick={setOpen}
      columns={[
        {
          id: 'equipmentNewSerialNumber',
          header: t('newSerial'),
          sortable: true,
          cell: (r) => (
            <div className="flex flex-col gap-1">
              <span className="font-mono text-sm font-medium">{r.equipmentNewSerialNumber}</span>
              {r.status !== 'PENDING' && (
                <Badge variant={r.status === 'COMPLETED' ? 'success' : 'outline'} className="w-fit">
                  {t(`statusOne.${r.status}`)}
                </Badge>
              )}
            </div>
          ),
        },
        {
          id: 'extraLabel',
          header: t('equipmentInfo'),
          sortable: true,
          cell: (r) =>
            r.suggestedEquipmentId === null ? (
              r.typedOldSerialNumber ? (
                // What the operator typed names no equipment the request can suggest: shown as typed.
                <TwoLineCell
                  main={t('noSuggestion')}
                  sub={`${t('oldTag', { serial: r.typedOldSerialNumber })} (${t('typedOldSerialUnknown')})`}
                />
              ) : (
                <span className="text-muted-foreground">{t('noSuggestion')}</span>
              )
            ) : (
              <TwoLineCell
                main={[r.extraLabel, r.extraCode].filter(Boolean).join(' · ') || DASH}
                sub={r.equipmentOldSerialNumber ? t('oldTag', { serial: r.equipmentOldSerialNumber }) : DASH}
              />
            ),
        },
        {
          id: 'productName',
          header: t('product'),
          sortable: true,
          cell: (r) =>
            r.productName ? (
              <div className="flex items-center gap-2">
                <ProductImage path={r.productImage} name={r.productName} className="size-10" />
                <TwoLineCell main={r.productName} sub={r.productSku ?? ''} />
              </div>
            ) : (
              <span className="text-muted-foreground">{DASH}</span>
            ),
        },
        {
          id: 'requestDate',
          header: t('requestDate'),
          sortable: true,
          cell: (r) => <TwoLineCell main={formatDate(r.requestDate)} sub={r.requestUsername ?? ''} />,
        },
        {
          id: 'options',
          header: <span>{t('options')}</span>,
          headerClassName: 'w-24',
          cell: (r) => (
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('open', { serial: r.equipmentNewSerialNumber })}
              onClick={(e) => {
                e.stopPropagation();
                setOpen(r);
              }}
              data-testid={`open-${r.equipmentNewSerialNumber}`}
            >
              {t('dialogTitle')}
              <ChevronRight aria-hidden />
            </Button>
          ),
        },
      ]}
    >
      {open && <ReplaceDialog key={open.id} request={open} onClose={() => setOpen(null)} />}
    </ListPage>
  );
}
