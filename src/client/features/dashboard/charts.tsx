/**
 * The dashboard's charts (recharts; this module is its own chunk, loaded by ./chart-parts.tsx when
 * a chart is first shown). Every bar, segment and slice that opens the report is an SVG link: it
 * takes the keyboard focus (Tab; Enter opens it; a line under the chart shows the focused value), says its value and
 * where it leads (aria-label), and opens the report inside the app on click. Each chart is a group
 * labelled by its card's title and described by a text summary for screen readers.
 */
export { ProductBars, SimpleBars } from './charts/bars.tsx';
export { STATUS_COLOURS } from './charts/common.tsx';
export { StatusDoughnut } from './charts/doughnut.tsx';
export { MonthlyChart } from './charts/monthly.tsx';
