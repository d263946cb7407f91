/**
 * The usage page's daily chart (recharts; its own chunk, loaded when the chart first shows).
 * Nothing in it navigates: the bars only show values (the tables below filter the page).
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const AXIS_TICK = { fontSize: 12, fill: 'var(--color-muted-foreground)' };

export function DailyViewsChart({
  days,
  dayLabel,
  viewsLabel,
}: {
  days: { day: string; views: number }[];
  dayLabel(day: string): string;
  viewsLabel: string;
}) {
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tickFormatter={dayLabel} tick={AXIS_TICK} minTickGap={16} />
        <YAxis allowDecimals={false} tick={AXIS_TICK} width={48} />
        <Tooltip labelFormatter={(d) => dayLabel(String(d))} formatter={(v) => [v, viewsLabel]} />
        <Bar dataKey="views" fill="var(--color-primary)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
