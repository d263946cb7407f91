/**
 * The "Ciclos" column of the subcategories and products lists (issue 30): a button per row that
 * opens the row's maintenance cycles (a row click still opens the row's own dialog).
 */
import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/list/data-table.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CYCLES_NS } from './cycles-i18n.ts';

function CyclesHeader() {
  const { t } = useTranslation(CYCLES_NS);
  return <span className="sr-only">{t('title')}</span>;
}

function CyclesButton({ name, onOpen, testId }: { name: string; onOpen(): void; testId: string }) {
  const { t } = useTranslation(CYCLES_NS);
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={t('openAria', { name })}
      onClick={(e) => {
        e.stopPropagation();
        onOpen();
      }}
      data-testid={testId}
    >
      <CalendarClock aria-hidden />
      {t('open')}
    </Button>
  );
}

export function cyclesColumn<T>(
  rowName: (row: T) => string,
  onOpen: (row: T) => void,
  testId: string,
): DataTableColumn<T> {
  return {
    id: 'cycles',
    header: <CyclesHeader />,
    cell: (r) => <CyclesButton name={rowName(r)} onOpen={() => onOpen(r)} testId={testId} />,
  };
}
