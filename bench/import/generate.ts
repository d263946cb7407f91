/**
 * The import bench's files (issue 31 item 7): N equipment rows of the demo group as XLSX (exceljs'
 * streaming writer through the product's own `renderXlsxTable`, so memory stays flat) and as CSV
 * (a write stream that waits on backpressure). Rows are made as they are written, never held.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { renderXlsxTable, type XlsxCell } from '../../src/render/xlsx-table.ts';

export interface BenchCatalogue {
  /** products of the seeded catalogue the rows name (by SKU) */
  products: { sku: string; name: string }[];
  /** the inspection type's attributes: one column each; DATE ones get DD/MM/YYYY days */
  attributes: { id: number; name: string; type: string }[];
}

/** Column headers of the generated files (the import's mapping matches them by name). */
export const BENCH_HEADERS = { product: 'Produto (SKU)', control: 'Nº de controle' } as const;

const pad = (n: number) => String(n).padStart(2, '0');
/** A day `k` days before 2026-01-01, as DD/MM/YYYY (fixed, so no wall clock is read). */
function dayText(k: number): string {
  const d = new Date(Date.UTC(2026, 0, 1) - k * 86_400_000);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

export function benchHeaders(c: BenchCatalogue): string[] {
  return [BENCH_HEADERS.product, BENCH_HEADERS.control, ...c.attributes.map((a) => a.name)];
}

/** Row `i` (1-based): a product in turn, a unique control number, each attribute's value. */
export function benchRow(c: BenchCatalogue, i: number, prefix: string): string[] {
  const product = c.products[i % c.products.length]!;
  return [
    product.sku,
    `${prefix}${String(i).padStart(7, '0')}`,
    ...c.attributes.map((a, j) =>
      a.type === 'DATE' ? dayText((i * 7919 + j * 104_729) % 1500) : `v${(i + j) % 97}`,
    ),
  ];
}

async function* batches(c: BenchCatalogue, n: number, prefix: string): AsyncGenerator<XlsxCell[][]> {
  for (let start = 1; start <= n; start += 1000) {
    const rows: XlsxCell[][] = [];
    for (let i = start; i < Math.min(n + 1, start + 1000); i++) rows.push(benchRow(c, i, prefix));
    yield rows;
  }
}

export async function writeBenchXlsx(
  file: string,
  c: BenchCatalogue,
  n: number,
  prefix: string,
): Promise<void> {
  const out = createWriteStream(file);
  await renderXlsxTable(batches(c, n, prefix), out, {
    sheetName: 'Equipamentos',
    columns: benchHeaders(c).map((header) => ({ header, width: 18 })),
  });
  await finished(out);
}

const csvCell = (v: string) => (/[",;\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The same rows as CSV (comma-separated, UTF-8, header first). */
export async function writeBenchCsv(
  file: string,
  c: BenchCatalogue,
  n: number,
  prefix: string,
): Promise<void> {
  const out = createWriteStream(file);
  const line = (cells: string[]) => `${cells.map(csvCell).join(',')}\n`;
  out.write(line(benchHeaders(c)));
  for (let i = 1; i <= n; i++) {
    if (!out.write(line(benchRow(c, i, prefix)))) await once(out, 'drain');
  }
  out.end();
  await finished(out);
}
