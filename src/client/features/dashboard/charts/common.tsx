/** What the dashboard's charts share: colours, links, the focused value's readout, the tooltip. */
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductAnswer } from '../../../../shared/dashboard/schemas.ts';
import type { EquipmentStatus } from '../../../../shared/equipment/status.ts';
import { formatCount, type ReportLink, reportHref } from '../dashboard-model.ts';
import { DASHBOARD_NS } from '../i18n.ts';
import { useOpenReport } from '../open-report.ts';

/** VALID orange, EXPIRED grey, IMPROPER red: the report's row marks (seed 001 §4). */
export const STATUS_COLOURS: Record<Exclude<EquipmentStatus, 'NA'>, string> = {
  VALID: 'var(--color-secondary)',
  EXPIRED: '#7b878b',
  IMPROPER: 'var(--color-destructive)',
};
export const ANSWER_STATUS: Record<ProductAnswer, Exclude<EquipmentStatus, 'NA'>> = {
  YES: 'VALID',
  NO: 'IMPROPER',
  EXPIRED: 'EXPIRED',
};
export const AXIS_TICK = { fontSize: 12, fill: 'var(--color-muted-foreground)' };

export function useLang() {
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
export function ChartLink({
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
export interface Readout {
  show(text: string | null): void;
  /** the line's setter; returns its release */
  bind(set: (text: string | null) => void): () => void;
}

export function useReadout(): Readout {
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

export function ReadoutLine({ readout }: { readout: Readout }) {
  const [text, setText] = React.useState<string | null>(null);
  React.useEffect(() => readout.bind(setText), [readout]);
  return (
    <p className="min-h-5 text-xs text-muted-foreground" aria-hidden data-testid="chart-readout">
      {text}
    </p>
  );
}

/** The tooltip's box: a title and one line per value. */
export function TooltipBox({
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
export const HIT = 'fill-transparent stroke-transparent group-focus-visible:stroke-ring';
/** A slice's or segment's edge: the card's colour, the ring's while its link has the keyboard focus. */
export const EDGE =
  'stroke-card [stroke-width:1] group-focus-visible:stroke-ring group-focus-visible:[stroke-width:3]';
