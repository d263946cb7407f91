/**
 * The dashboard's cycles card (issue 30 item 2): each maintenance cycle's name with the scope's
 * equipment expired and expiring today. Plain counts: the equipment list has no cycle filter to
 * link to yet.
 */
import { useTranslation } from 'react-i18next';
import type { CycleCounts } from '../../../shared/dashboard/schemas.ts';
import { cn } from '../../lib/utils.ts';
import { DASHBOARD_NS } from './i18n.ts';
import { type CardQuery, ChartCard, useCount } from './parts.tsx';

export function CyclesCard({ query }: { query: CardQuery<CycleCounts> }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const count = useCount();
  const cell = (n: number, tone: string) => (
    <span className={cn('tabular-nums', n > 0 ? `font-semibold ${tone}` : 'text-muted-foreground')}>
      {count(n)}
    </span>
  );
  return (
    <ChartCard
      title={t('charts.cycles')}
      hint={t('charts.cyclesHint')}
      testId="card-cycles"
      query={query}
      isEmpty={(rows) => rows.length === 0}
      emptyText={t('empty.cycles')}
      skeleton="h-32"
    >
      {(rows, titleId) => (
        <table className="w-full text-sm" aria-labelledby={titleId}>
          <thead>
            <tr className="border-b text-left text-xs text-muted-foreground">
              <th className="py-1.5 pr-2 font-medium">{t('charts.cycles')}</th>
              <th className="px-2 py-1.5 text-right font-medium">{t('cycleExpired')}</th>
              <th className="py-1.5 pl-2 text-right font-medium">{t('cycleExpiring')}</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((r) => (
              <tr key={r.code} data-testid="cycle-count" data-code={r.code}>
                <td className="py-1.5 pr-2 break-words">{r.name}</td>
                <td className="px-2 py-1.5 text-right" data-testid="cycle-expired">
                  {cell(r.expired, 'text-destructive')}
                </td>
                <td className="py-1.5 pl-2 text-right" data-testid="cycle-expiring">
                  {cell(r.expiring, 'text-warning')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ChartCard>
  );
}
