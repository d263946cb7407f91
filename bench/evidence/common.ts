/** The evidence bench's settings, number formats, bounded wait and Markdown table. */
export const RUNS = Number(process.env.RUNS ?? 3);
export const INSPECTIONS = Number(process.env.INSPECTIONS ?? 100);
export const PHOTOS = 10;
/** Every wait is bounded: a run that does not sync within this fails the bench. */
export const SYNC_BOUND_MS = 600_000;

/**
 * Chrome DevTools' "Slow 4G" preset (formerly "Fast 3G"; the one Lighthouse's mobile throttling
 * uses): 562.5 ms round trip, 1.6 Mbit/s × 0.9 down, 750 kbit/s × 0.9 up (CDP takes bytes/s).
 */
export const PROFILE = {
  name: 'Chrome DevTools "Slow 4G"',
  latency: 562.5,
  downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
  uploadThroughput: ((750 * 1024) / 8) * 0.9,
};

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
export const kb = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
export const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MiB`;
export const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Waits for `check` to answer something, polling; fails after `bound` ms. */
export async function until<T>(
  what: string,
  check: () => Promise<T | null | undefined>,
  bound: number,
): Promise<T> {
  const end = Date.now() + bound;
  for (;;) {
    const v = await check();
    if (v !== null && v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out after ${bound} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_c, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    line(rows[0]!),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.slice(1).map(line),
  ].join('\n');
}
