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
export const BENCH_HEADERS = { product: 'Produto (SKU)', control: 'Nº de controle', tag: 'Tag' } as const;

/** What the rows carry besides product, control number and attributes. */
export interface BenchRowOptions {
  /** control numbers' prefix (unique per file) */
  prefix: string;
  /** serial of row i's tag (a column "Tag"); absent: no tag column (the equipment waits for one) */
  tagSerial?: (i: number) => string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A day `k` days before 2026-01-01, as DD/MM/YYYY (fixed, so no wall clock is read). */
function dayText(k: number): string {
  const d = new Date(Date.UTC(2026, 0, 1) - k * 86_400_000);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

export function benchHeaders(c: BenchCatalogue, o: BenchRowOptions): string[] {
  return [
    BENCH_HEADERS.product,
    BENCH_HEADERS.control,
    ...(o.tagSerial ? [BENCH_HEADERS.tag] : []),
    ...c.attributes.map((a) => a.name),
  ];
}

/** The manufacturing date comes first: every other day of the row is later (the form's rule). */
const isManufacture = (name: string) => /fabrica/i.test(name);

/** Row `i` (1-based): a product in turn, a unique control number, its tag, each attribute's value. */
export function benchRow(c: BenchCatalogue, i: number, o: BenchRowOptions): string[] {
  const product = c.products[i % c.products.length]!;
  return [
    product.sku,
    `${o.prefix}${String(i).padStart(7, '0')}`,
    ...(o.tagSerial ? [o.tagSerial(i)] : []),
    ...c.attributes.map((a, j) => {
      if (a.type !== 'DATE') return `v${(i + j) % 97}`;
      return dayText(isManufacture(a.name) ? 1000 + (i % 800) : (i * 7919 + j * 104_729) % 900);
    }),
  ];
}

async function* batches(c: BenchCatalogue, n: number, o: BenchRowOptions): AsyncGenerator<XlsxCell[][]> {
  for (let start = 1; start <= n; start += 1000) {
    const rows: XlsxCell[][] = [];
    for (let i = start; i < Math.min(n + 1, start + 1000); i++) rows.push(benchRow(c, i, o));
    yield rows;
  }
}

export async function writeBenchXlsx(
  file: string,
  c: BenchCatalogue,
  n: number,
  o: BenchRowOptions,
): Promise<void> {
  const out = createWriteStream(file);
  await renderXlsxTable(batches(c, n, o), out, {
    sheetName: 'Equipamentos',
    columns: benchHeaders(c, o).map((header) => ({ header, width: 18 })),
  });
  await finished(out);
}

const csvCell = (v: string) => (/[",;\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The same rows as CSV (comma-separated, UTF-8, header first). */
export async function writeBenchCsv(
  file: string,
  c: BenchCatalogue,
  n: number,
  o: BenchRowOptions,
): Promise<void> {
  const out = createWriteStream(file);
  const line = (cells: string[]) => `${cells.map(csvCell).join(',')}\n`;
  out.write(line(benchHeaders(c, o)));
  for (let i = 1; i <= n; i++) {
    if (!out.write(line(benchRow(c, i, o)))) await once(out, 'drain');
  }
  out.end();
  await finished(out);
}
