/**
 * The report tables' cells (seed 001 screens 1 and 2): product (name and SKU), extra label and
 * control number, dates with their expiration note, people, the detail button; and the row's
 * left border by equipment status, dimmed when its tag is disabled.
 */
import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EMPTY_DATE, formatDate } from '../../../shared/dates.ts';
import type { Equipment } from '../../../shared/equipment/schemas.ts';
import type { EquipmentStatus, ExpirationStatus } from '../../../shared/equipment/status.ts';
import type { DataTableColumn, RowProps } from '../../components/list/index.ts';
import { TwoLineCell } from '../../components/table-columns.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/utils.ts';
import { EQUIPMENT_NS } from '../equipment/i18n.ts';
import { PresenceFlags } from '../equipment/presence.tsx';
import { DateWithStatus } from '../field/status.tsx';
import { REPORTS_NS } from './i18n.ts';

const DASH = '—';

/**
 * The row's left border by equipment status: NA transparent, VALID orange, EXPIRED grey, IMPROPER
 * red (seed 001 §4, the field card's colours). Drawn as an inset shadow of the first cell: a row's
 * own border is collapsed away on the table's last row.
 */
const ROW_MARK: Record<EquipmentStatus, string> = {
  NA: '',
  VALID: '[&>td:first-child]:shadow-[inset_4px_0_0_0_var(--color-secondary)]',
  EXPIRED: '[&>td:first-child]:shadow-[inset_4px_0_0_0_#7b878b]',
  IMPROPER: '[&>td:first-child]:shadow-[inset_4px_0_0_0_var(--color-destructive)]',
};

/** A report row: its status mark, dimmed when its tag is disabled; `data-*` say both. */
export function reportRowProps(e: Equipment, status: EquipmentStatus = e.status): RowProps {
  return {
    className: cn(ROW_MARK[status], !e.enabledTag && 'opacity-55'),
    'data-status': status,
    'data-enabled-tag': String(e.enabledTag),
    'data-tag': e.tagSerialNumber ?? undefined,
    'data-awaiting-tag': e.tagSerialNumber === null ? 'true' : undefined,
  };
}

/** Name and SKU; screen readers also hear the status the border shows and a disabled tag. */
export function ProductCell({ e, status = e.status }: { e: Equipment; status?: EquipmentStatus }) {
  const { t } = useTranslation(REPORTS_NS);
  return (
    <div className="flex flex-col">
      <span className="font-medium" data-testid="cell-product-name">
        {e.product.name}
      </span>
      <span className="font-mono text-xs text-muted-foreground">{e.product.sku}</span>
      <span className="sr-only">{t('rowStatus', { status: t(`statuses.${status}`) })}</span>
      {!e.enabledTag && <span className="text-xs text-muted-foreground">{t('tagDisabled')}</span>}
    </div>
  );
}

export function LabelCell({ e }: { e: Equipment }) {
  return <TwoLineCell main={e.extraLabel || DASH} sub={e.extraCode || DASH} />;
}

/** An instant or a day, DD/MM/YYYY (--/--/---- without one). */
export function PlainDate({ value }: { value: Date | string | null | undefined }) {
  const text = value ? formatDate(value) : EMPTY_DATE;
  return <span className="whitespace-nowrap tabular-nums">{text}</span>;
}

/** A date with its expiration note (seed 001 §4: "Válido até hoje", …; expired highlighted). */
export function DatedCell({
  date,
  status,
  days,
  testId,
}: {
  date: Date | string | null;
  status: ExpirationStatus;
  days: number | null;
  testId?: string;
}) {
  return <DateWithStatus date={date} status={status} days={days} align="start" testId={testId} />;
}

export function PersonCell({
  person,
}: {
  person: { userName: string | null; userEmail: string | null } | null;
}) {
  if (!person) return <span className="text-muted-foreground">{DASH}</span>;
  return <TwoLineCell main={person.userName ?? DASH} sub={person.userEmail ?? ''} />;
}

/**
 * The last inspection's proof-of-presence flags (typed, far from the reference, submitted late) and
 * when the tag was last read by a scan (issue 20).
 */
export function PresenceCell({ e }: { e: Equipment }) {
  const { t } = useTranslation(EQUIPMENT_NS);
  return (
    <div className="flex flex-col gap-1" data-testid="cell-presence">
      <PresenceFlags presence={e.lastInspectionPresence} compact />
      <span className="text-xs whitespace-nowrap text-muted-foreground" data-testid="cell-last-scanned">
        {e.lastScannedAt
          ? t('presence.lastScannedShort', { date: formatDate(e.lastScannedAt) })
          : t('presence.neverScanned')}
      </span>
    </div>
  );
}

/** Opens the equipment dialog of the row. */
export function DetailButton({ serial, onOpen }: { serial: string; onOpen(serial: string): void }) {
  const { t } = useTranslation(EQUIPMENT_NS);
  const label = t('detailsOf', { serial });
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={(ev) => {
        ev.stopPropagation();
        onOpen(serial);
      }}
      aria-label={label}
      title={label}
      data-testid={`details-${serial}`}
    >
      <Eye aria-hidden />
    </Button>
  );
}

/** The tag cell of equipment imported without a tag: it gets one at the first scan or in bulk. */
export function AwaitingTag() {
  const { t } = useTranslation(REPORTS_NS);
  return (
    <span
      className="rounded-full border border-dashed px-2 py-0.5 text-xs whitespace-nowrap text-muted-foreground"
      data-testid="cell-awaiting-tag"
    >
      {t('awaitingTag')}
    </span>
  );
}

/**
 * The columns both reports share around their own (seed 001 screens 1 and 2): product (marked with
 * the status the report shows), extra label and code, registration date — then theirs — then the
 * detail button.
 */
export function reportColumns(
  t: (key: string) => string,
  own: DataTableColumn<Equipment>[],
  opts: { onOpen(serial: string): void; status?: (e: Equipment) => EquipmentStatus },
): DataTableColumn<Equipment>[] {
  const statusOf = opts.status ?? ((e: Equipment) => e.status);
  return [
    {
      id: 'product',
      header: t('columns.product'),
      sortable: true,
      cell: (e) => <ProductCell e={e} status={statusOf(e)} />,
    },
    { id: 'extraLabel', header: t('columns.extraLabel'), sortable: true, cell: (e) => <LabelCell e={e} /> },
    {
      id: 'createdAt',
      header: t('columns.createdAt'),
      sortable: true,
      cell: (e) => <PlainDate value={e.createdAt} />,
    },
    ...own,
    {
      id: 'details',
      header: <span className="sr-only">{t('columns.details')}</span>,
      headerClassName: 'w-12',
      // The dialog is reached by tag: equipment waiting for one (issue 31) says so instead.
      cell: (e) =>
        e.tagSerialNumber === null ? (
          <AwaitingTag />
        ) : (
          <DetailButton serial={e.tagSerialNumber} onOpen={opts.onOpen} />
        ),
    },
  ];
}
