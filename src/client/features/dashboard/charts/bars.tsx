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
import { PRODUCT_ANSWERS, type ProductAnswer } from '../../../../shared/dashboard/schemas.ts';
import type { ProductBar, ReportLink } from '../dashboard-model.ts';

import {
  ANSWER_STATUS,
  AXIS_TICK,
  ChartLink,
  EDGE,
  HIT,
  ReadoutLine,
  STATUS_COLOURS,
  TooltipBox,
  useLang,
  useReadout,
} from './common.tsx';

// ── horizontal bars (employees, subcategories, products) ────────────────────────────────────────

const ROW_HEIGHT = 34;
/** A horizontal chart grows with its rows; its card scrolls past this height. */
function barsHeight(rows: number): number {
  return Math.max(120, rows * ROW_HEIGHT + 32);
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A category axis label on one line, cut to `max` characters (the whole text as its title). */
function CategoryTick({
  x,
  y,
  payload,
  max,
}: {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
  max: number;
}) {
  const full = String(payload?.value ?? '');
  return (
    <text x={x} y={y} dy={4} textAnchor="end" fontSize={12} fill="var(--color-muted-foreground)">
      <title>{full}</title>
      {truncate(full, max)}
    </text>
  );
}

interface SimpleRow {
  key: string;
  label: string;
  value: number;
  link: ReportLink | null;
}

/** One value per row (employees, subcategories). */
/**
 * The frame of the horizontal bar charts (employees, inspection types, products): a scrolling box
 * as tall as its rows, the grid, the count axis, the truncated labels and the tooltip. A function,
 * not a component: recharts reads its `Bar`s as direct children of `BarChart`.
 */
function horizontalBars<Row extends { label: string }>(o: {
  data: Row[];
  count(n: number): string;
  labelWidth: number;
  labelMax: number;
  tooltip(row: Row): React.ReactNode;
  bars: React.ReactNode;
}) {
  return (
    <div className="max-h-[420px] overflow-y-auto pr-1">
      <ResponsiveContainer width="100%" height={barsHeight(o.data.length)}>
        <BarChart
          data={o.data}
          layout="vertical"
          accessibilityLayer={false}
          margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
          barCategoryGap={6}
        >
          <CartesianGrid horizontal={false} strokeDasharray="3 3" stroke="var(--color-border)" />
          <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} tickFormatter={o.count} />
          <YAxis
            type="category"
            dataKey="label"
            width={o.labelWidth}
            tick={(p) => <CategoryTick {...p} max={o.labelMax} />}
          />
          <Tooltip
            cursor={{ fill: 'var(--color-muted)' }}
            isAnimationActive={false}
            content={({ active, payload }) => {
              const row = payload?.[0]?.payload as Row | undefined;
              return active && row ? o.tooltip(row) : null;
            }}
          />
          {o.bars}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function SimpleBars({
  rows,
  labelledBy,
  testId,
}: {
  rows: SimpleRow[];
  labelledBy: string;
  testId: string;
}) {
  const { t, count } = useLang();
  const readout = useReadout();
  const summaryId = React.useId();
  const valueText = (n: number) => t('equipment', { count: n, value: count(n) });

  const shape = (props: BarShapeProps) => {
    const row = rows[props.index]!;
    const bg = props.background;
    return (
      <ChartLink
        link={row.link}
        label={t('barLink', { label: row.label, value: valueText(row.value) })}
        readout={readout}
        testId={`${testId}-bar-${props.index}`}
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
        <rect
          x={props.x}
          y={props.y}
          width={Math.max(props.width, 2)}
          height={props.height}
          rx={3}
          fill="var(--color-primary)"
          data-value={row.value}
        />
      </ChartLink>
    );
  };

  return (
    <figure className="m-0" aria-labelledby={labelledBy} aria-describedby={summaryId} data-testid={testId}>
      <p id={summaryId} className="sr-only">
        {t('barsSummary', {
          count: rows.length,
          parts: rows.map((r) => `${r.label} ${count(r.value)}`).join('; '),
        })}
      </p>
      {horizontalBars({
        data: rows,
        count,
        labelWidth: 190,
        labelMax: 24,
        tooltip: (row) => (
          <TooltipBox title={row.label} lines={[{ label: t('total'), value: valueText(row.value) }]} />
        ),
        bars: <Bar dataKey="value" shape={shape} isAnimationActive={false} />,
      })}
      <ReadoutLine readout={readout} />
    </figure>
  );
}

/** Products: one bar per product, a segment per answer (valid, improper, expired). */
export function ProductBars({
  bars,
  linkOf,
  labelledBy,
}: {
  bars: ProductBar[];
  linkOf(bar: ProductBar, answer: ProductAnswer): ReportLink | null;
  labelledBy: string;
}) {
  const { t, count } = useLang();
  const readout = useReadout();
  const summaryId = React.useId();
  const valueText = (n: number) => t('equipment', { count: n, value: count(n) });
  const answerName = (a: ProductAnswer) => t(`answers.${a}`);

  const shapeOf = (answer: ProductAnswer) => (props: BarShapeProps) => {
    const bar = bars[props.index]!;
    const value = bar[answer];
    if (value === 0 || props.width <= 0) return <g />;
    return (
      <ChartLink
        link={linkOf(bar, answer)}
        label={t('barLink', { label: `${bar.label}, ${answerName(answer)}`, value: valueText(value) })}
        readout={readout}
        testId={`product-bar-${props.index}-${answer}`}
      >
        <rect
          x={props.x}
          y={props.y}
          width={Math.max(props.width, 2)}
          height={props.height}
          fill={STATUS_COLOURS[ANSWER_STATUS[answer]]}
          className={EDGE}
          data-value={value}
        />
      </ChartLink>
    );
  };

  return (
    <figure
      className="m-0"
      aria-labelledby={labelledBy}
      aria-describedby={summaryId}
      data-testid="product-chart"
    >
      <p id={summaryId} className="sr-only">
        {t('barsSummary', {
          count: bars.length,
          parts: bars
            .map(
              (b) =>
                `${b.label}: ${PRODUCT_ANSWERS.filter((a) => b[a] > 0)
                  .map((a) => `${answerName(a)} ${count(b[a])}`)
                  .join(', ')}`,
            )
            .join('; '),
        })}
      </p>
      <ul className="mb-2 flex flex-wrap gap-4 text-xs text-muted-foreground" aria-hidden>
        {PRODUCT_ANSWERS.map((a) => (
          <li key={a} className="flex items-center gap-1.5">
            <span
              className="inline-block size-2.5 rounded-sm"
              style={{ background: STATUS_COLOURS[ANSWER_STATUS[a]] }}
            />
            {answerName(a)}
          </li>
        ))}
      </ul>
      {horizontalBars({
        data: bars,
        count,
        labelWidth: 220,
        labelMax: 28,
        tooltip: (bar) => (
          <TooltipBox
            title={bar.label}
            lines={PRODUCT_ANSWERS.map((a) => ({
              label: answerName(a),
              value: valueText(bar[a]),
              colour: STATUS_COLOURS[ANSWER_STATUS[a]],
            }))}
          />
        ),
        bars: PRODUCT_ANSWERS.map((a) => (
          <Bar
            key={a}
            dataKey={a}
            name={answerName(a)}
            stackId="answers"
            shape={shapeOf(a)}
            isAnimationActive={false}
          />
        )),
      })}
      <ReadoutLine readout={readout} />
    </figure>
  );
}
