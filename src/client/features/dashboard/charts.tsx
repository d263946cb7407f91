/**
 * The dashboard's charts (recharts; this module is its own chunk, loaded by ./chart-parts.tsx when
 * a chart is first shown). Every bar, segment and slice that opens the report is an SVG link: it
 * takes the keyboard focus (Tab; Enter opens it; a line under the chart shows the focused value), says its value and
 * where it leads (aria-label), and opens the report inside the app on click. Each chart is a group
 * labelled by its card's title and described by a text summary for screen readers.
 */
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  type BarShapeProps,
  CartesianGrid,
  Pie,
  PieChart,
  type PieSectorShapeProps,
  ResponsiveContainer,
  Sector,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { EquipmentStatusCounts } from '../../../shared/dashboard/schemas.ts';
import { PRODUCT_ANSWERS, type ProductAnswer } from '../../../shared/dashboard/schemas.ts';
import type { EquipmentStatus } from '../../../shared/equipment/status.ts';
import {
  formatCount,
  longMonthLabel,
  type MonthBar,
  type ProductBar,
  type ReportLink,
  reportHref,
  shortMonthLabel,
} from './dashboard-model.ts';
import { DASHBOARD_NS } from './i18n.ts';
import { useOpenReport } from './open-report.ts';

/** VALID orange, EXPIRED grey, IMPROPER red: the report's row marks (seed 001 §4). */
export const STATUS_COLOURS: Record<Exclude<EquipmentStatus, 'NA'>, string> = {
  VALID: 'var(--color-secondary)',
  EXPIRED: '#7b878b',
  IMPROPER: 'var(--color-destructive)',
};
const ANSWER_STATUS: Record<ProductAnswer, Exclude<EquipmentStatus, 'NA'>> = {
  YES: 'VALID',
  NO: 'IMPROPER',
  EXPIRED: 'EXPIRED',
};
const AXIS_TICK = { fontSize: 12, fill: 'var(--color-muted-foreground)' };

function useLang() {
  const { t, i18n } = useTranslation(DASHBOARD_NS);
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const count = React.useCallback((n: number) => formatCount(n, lang), [lang]);
  return { t, lang, count };
}

/**
 * An SVG link around a chart element (`group`: its shapes draw the focus ring with
 * `group-focus-visible:`): focusable, opened by click or Enter inside the app, its value shown by
 * the chart's readout while it has the keyboard focus. Without a link the element is drawn as it
 * is. Focus changes no state of the chart: a re-render between mousedown and mouseup would replace
 * the element under the pointer and lose the click.
 */
function ChartLink({
  link,
  label,
  readout,
  testId,
  children,
}: {
  link: ReportLink | null;
  label: string;
  readout: Readout;
  testId: string;
  children: React.ReactNode;
}) {
  const open = useOpenReport();
  if (!link) return <g data-testid={testId}>{children}</g>;
  return (
    <a
      href={`#${reportHref(link)}`}
      aria-label={label}
      data-testid={testId}
      data-href={reportHref(link)}
      className="group cursor-pointer outline-none"
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        open(link);
      }}
      onFocus={(e) => e.currentTarget.matches(':focus-visible') && readout.show(label)}
      onBlur={() => readout.show(null)}
    >
      {children}
    </a>
  );
}

/** Shows the focused element's text under a chart (`<ReadoutLine>`); only that line re-renders. */
interface Readout {
  show(text: string | null): void;
  /** the line's setter; returns its release */
  bind(set: (text: string | null) => void): () => void;
}

function useReadout(): Readout {
  return React.useMemo<Readout>(() => {
    let set: (text: string | null) => void = () => {};
    return {
      show: (text) => set(text),
      bind: (fn) => {
        set = fn;
        return () => {
          set = () => {};
        };
      },
    };
  }, []);
}

function ReadoutLine({ readout }: { readout: Readout }) {
  const [text, setText] = React.useState<string | null>(null);
  React.useEffect(() => readout.bind(setText), [readout]);
  return (
    <p className="min-h-5 text-xs text-muted-foreground" aria-hidden data-testid="chart-readout">
      {text}
    </p>
  );
}

/** The tooltip's box: a title and one line per value. */
function TooltipBox({
  title,
  lines,
}: {
  title: string;
  lines: { label: string; value: string; colour?: string }[];
}) {
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-sm text-popover-foreground shadow-md">
      <p className="font-medium">{title}</p>
      {lines.map((l) => (
        <p key={l.label} className="flex items-center gap-2 tabular-nums">
          {l.colour && (
            <span aria-hidden className="inline-block size-2.5 rounded-sm" style={{ background: l.colour }} />
          )}
          <span className="text-muted-foreground">{l.label}:</span> {l.value}
        </p>
      ))}
    </div>
  );
}

/** The hit area of a bar's band: transparent, ringed while its link has the keyboard focus. */
const HIT = 'fill-transparent stroke-transparent group-focus-visible:stroke-ring';
/** A slice's or segment's edge: the card's colour, the ring's while its link has the keyboard focus. */
const EDGE =
  'stroke-card [stroke-width:1] group-focus-visible:stroke-ring group-focus-visible:[stroke-width:3]';

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
