import * as React from 'react';
import {
  Bar,
  BarChart,
  type BarShapeProps,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { longMonthLabel, type MonthBar, type ReportLink, shortMonthLabel } from '../dashboard-model.ts';

import { AXIS_TICK, ChartLink, HIT, ReadoutLine, TooltipBox, useLang, useReadout } from './common.tsx';

// ── the monthly chart ───────────────────────────────────────────────────────────────────────────

export function MonthlyChart({
  bars,
  linkOf,
  labelledBy,
}: {
  bars: MonthBar[];
  linkOf(index: number): ReportLink | null;
  labelledBy: string;
}) {
  const { t, lang, count } = useLang();
  const readout = useReadout();
  const summaryId = React.useId();
  const data = React.useMemo(
    () =>
      bars.map((b) => ({
        ...b,
        short: shortMonthLabel(b.yearMonth, lang),
        long: longMonthLabel(b.yearMonth, lang),
      })),
    [bars, lang],
  );
  const total = bars.reduce((s, b) => s + b.value, 0);
  const top = data.reduce((a, b) => (b.value > a.value ? b : a), data[0]!);
  const valueText = (n: number) => t('equipment', { count: n, value: count(n) });

  const shape = (props: BarShapeProps) => {
    const row = data[props.index]!;
    const bg = props.background;
    return (
      <ChartLink
        link={linkOf(row.index)}
        label={t('barLink', { label: row.long, value: valueText(row.value) })}
        readout={readout}
        testId={`month-bar-${row.index}`}
      >
        {bg && (
          <rect
            x={bg.x ?? 0}
            y={bg.y ?? 0}
            width={bg.width}
            height={bg.height}
            className={HIT}
            strokeWidth={2}
            rx={4}
          />
        )}
        {props.height > 0 && (
          <rect
            x={props.x}
            y={props.y}
            width={props.width}
            height={props.height}
            rx={3}
            fill="var(--color-primary)"
            data-value={row.value}
          />
        )}
      </ChartLink>
    );
  };

  return (
    <figure
      className="m-0"
      aria-labelledby={labelledBy}
      aria-describedby={summaryId}
      data-testid="monthly-chart"
    >
      <p id={summaryId} className="sr-only">
        {t('monthlySummary', { total: valueText(total), top: top.long, topValue: count(top.value) })}
      </p>
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" stroke="var(--color-border)" />
          <XAxis dataKey="short" tick={AXIS_TICK} interval="preserveStartEnd" minTickGap={8} />
          <YAxis allowDecimals={false} tick={AXIS_TICK} tickFormatter={count} width={48} />
          <Tooltip
            cursor={{ fill: 'var(--color-muted)' }}
            isAnimationActive={false}
            content={({ active, payload }) => {
              const row = payload?.[0]?.payload as (typeof data)[number] | undefined;
              if (!active || !row) return null;
              return (
                <TooltipBox title={row.long} lines={[{ label: t('total'), value: valueText(row.value) }]} />
              );
            }}
          />
          <Bar dataKey="value" shape={shape} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
      <ReadoutLine readout={readout} />
    </figure>
  );
}
