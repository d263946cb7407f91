import * as React from 'react';
import { Pie, PieChart, type PieSectorShapeProps, ResponsiveContainer, Sector, Tooltip } from 'recharts';
import type { EquipmentStatusCounts } from '../../../../shared/dashboard/schemas.ts';
import type { EquipmentStatus } from '../../../../shared/equipment/status.ts';
import type { ReportLink } from '../dashboard-model.ts';

import { ChartLink, EDGE, ReadoutLine, STATUS_COLOURS, TooltipBox, useLang, useReadout } from './common.tsx';

// ── the status doughnut ─────────────────────────────────────────────────────────────────────────

const SLICES = ['EXPIRED', 'IMPROPER', 'VALID'] as const;

export function StatusDoughnut({
  counts,
  linkOf,
  labelledBy,
}: {
  counts: EquipmentStatusCounts;
  linkOf(status: EquipmentStatus): ReportLink | null;
  labelledBy: string;
}) {
  const { t, count } = useLang();
  const readout = useReadout();
  const summaryId = React.useId();
  const data = SLICES.map((status) => ({
    status,
    name: t(`statuses.${status}`),
    value: counts[status],
  })).filter((d) => d.value > 0);
  const total = data.reduce((s, d) => s + d.value, 0);
  const valueText = (n: number) => t('equipment', { count: n, value: count(n) });
  const percent = (n: number) => (total ? Math.round((n / total) * 100) : 0);

  const shape = (props: PieSectorShapeProps) => {
    const row = data[props.index]!;
    return (
      <ChartLink
        link={linkOf(row.status)}
        label={t('barLink', { label: row.name, value: `${valueText(row.value)} (${percent(row.value)}%)` })}
        readout={readout}
        testId={`status-slice-${row.status}`}
      >
        <Sector
          {...props}
          fill={STATUS_COLOURS[row.status]}
          className={EDGE}
          outerRadius={props.isActive ? (props.outerRadius ?? 0) + 4 : props.outerRadius}
          data-value={row.value}
        />
      </ChartLink>
    );
  };

  return (
    <figure
      aria-labelledby={labelledBy}
      aria-describedby={summaryId}
      data-testid="status-chart"
      className="flex flex-col items-center gap-3 sm:flex-row"
    >
      <p id={summaryId} className="sr-only">
        {t('statusSummary', {
          parts: data.map((d) => `${d.name} ${valueText(d.value)} (${percent(d.value)}%)`).join('; '),
        })}
      </p>
      <div className="h-[220px] w-full sm:w-1/2">
        <ResponsiveContainer width="100%" height="100%">
          <PieChart accessibilityLayer={false}>
            <Tooltip
              isAnimationActive={false}
              content={({ active, payload }) => {
                const row = payload?.[0]?.payload as (typeof data)[number] | undefined;
                if (!active || !row) return null;
                return (
                  <TooltipBox
                    title={row.name}
                    lines={[{ label: t('total'), value: `${valueText(row.value)} (${percent(row.value)}%)` }]}
                  />
                );
              }}
            />
            <Pie
              data={data}
              dataKey="value"
              nameKey="name"
              innerRadius="55%"
              outerRadius="85%"
              paddingAngle={data.length > 1 ? 2 : 0}
              isAnimationActive={false}
              shape={shape}
            />
          </PieChart>
        </ResponsiveContainer>
      </div>
      <ul className="flex w-full flex-col gap-2 text-sm sm:w-1/2" aria-hidden>
        {SLICES.map((status) => (
          <li key={status} className="flex items-center gap-2">
            <span className="inline-block size-3 rounded-sm" style={{ background: STATUS_COLOURS[status] }} />
            <span className="flex-1">{t(`statuses.${status}`)}</span>
            <span className="font-medium tabular-nums" data-testid={`status-count-${status}`}>
              {count(counts[status])}
            </span>
          </li>
        ))}
      </ul>
      <ReadoutLine readout={readout} />
    </figure>
  );
}
