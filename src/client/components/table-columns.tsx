import { Pencil } from 'lucide-react';
import type React from 'react';
import { formatDate } from '../../shared/dates.ts';
import type { DataTableColumn } from './list/data-table.tsx';
import { Button } from './ui/button.tsx';

/** A sortable date column shown DD/MM/YYYY (or --/--/----). */
export function dateColumn<T>(
  id: string,
  header: React.ReactNode,
  value: (row: T) => Date | string | null | undefined,
): DataTableColumn<T> {
  return { id, header, sortable: true, cell: (r) => formatDate(value(r)) };
}

/**
 * The trailing edit button of a row (a pencil named "Editar {row}"). Every editable list has it
 * and opens the same dialog on a row click (issue 16 item 13); it stays at the right edge while
 * the table scrolls sideways on a phone.
 */
export function editColumn<T>(
  label: string,
  rowName: (row: T) => string,
  onEdit: (row: T) => void,
  icon?: (row: T) => React.ReactNode,
): DataTableColumn<T> {
  return {
    id: 'actions',
    header: <span className="sr-only">{label}</span>,
    headerClassName: 'w-12',
    sticky: 'end',
    cell: (r) => (
      <Button
        variant="ghost"
        size="icon"
        aria-label={`${label} ${rowName(r)}`}
        onClick={(e) => {
          e.stopPropagation();
          onEdit(r);
        }}
      >
        {icon ? icon(r) : <Pencil aria-hidden />}
      </Button>
    ),
  };
}

/** A cell of two lines: the value, and a small muted line under it (`strong` sets the value in bold). */
export function TwoLineCell({
  main,
  sub,
  strong,
}: {
  main: React.ReactNode;
  sub: React.ReactNode;
  strong?: boolean;
}) {
  return (
    <div className="flex flex-col">
      <span className={strong ? 'font-medium' : undefined}>{main}</span>
      <span className="text-xs text-muted-foreground">{sub}</span>
    </div>
  );
}
