/**
 * A document of several tables under headings (the building dossier, issue 30 item 5), drawn like
 * `pdf-table.ts` (one deflated stream of raw operators per page, the font registered per page): the
 * content arrives as an async stream of blocks — a heading, a line of text, a table's columns, a
 * batch of its rows — so the caller reads its rows in batches and only the PDF being built is held.
 * A table's header row repeats on each page it continues on. A cell may hold several lines (split
 * on "\n"); each line is cut to its column with "…", the row grows to its tallest cell and never
 * splits across pages. Each page ends with the title and "Página N de M".
 */
import { setImmediate as tick } from 'node:timers/promises';
import { LANDSCAPE, PdfCanvas } from './pdf-canvas.ts';
import type { PdfTableColumn } from './pdf-table.ts';

export type SectionedBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'text'; text: string; bold?: boolean }
  | { kind: 'table'; columns: PdfTableColumn[] }
  | { kind: 'rows'; rows: string[][] };

export interface SectionedOptions {
  title: string;
  /** lines under the title on the first page (company, CNPJ, address, date) */
  header: string[];
}

const BODY = 7;
const LEADING = 8.5;
const HEAD_H = 12;
const PAD = 3;

export async function renderSectionedPdf(
  blocks: AsyncIterable<SectionedBlock>,
  opts: SectionedOptions,
): Promise<Uint8Array> {
  const canvas = await PdfCanvas.open(opts.title);
  const { text, strong, ops } = canvas;
  const { width: W, margin: M } = LANDSCAPE;
  const bottom = M + 8;
  let columns: PdfTableColumn[] | null = null;
  let row = 0;

  const newPage = () => {
    canvas.addPage();
    if (canvas.pages.length === 1)
      canvas.titleBlock(
        opts.title,
        opts.header.map((line) => ({ text: line, size: 9, leading: 12 })),
      );
    else if (columns) canvas.headerRow(columns, BODY);
  };
  /** Room for `h` points on this page, else a new one. */
  const need = (h: number) => {
    if (canvas.y - h < bottom) newPage();
  };

  newPage();
  let blocksSeen = 0;
  for await (const block of blocks) {
    if (block.kind === 'heading') {
      columns = null;
      need(18 + HEAD_H + 2 * LEADING);
      canvas.y -= 6;
      ops.push(strong.draw(strong.fit(block.text, 11, W - 2 * M), 11, M, canvas.y - 11));
      canvas.y -= 16;
    } else if (block.kind === 'text') {
      columns = null;
      need(LEADING + 4);
      const f = block.bold ? strong : text;
      ops.push(f.draw(f.fit(block.text, 8, W - 2 * M), 8, M, canvas.y - 8));
      canvas.y -= LEADING + 3;
    } else if (block.kind === 'table') {
      columns = null;
      need(HEAD_H + LEADING + 6);
      columns = block.columns;
      row = 0;
      canvas.headerRow(columns, BODY);
    } else if (columns) {
      const cols = columns;
      for (const cells of block.rows) {
        const lines = cols.map((_c, i) => (cells[i] ?? '').split('\n'));
        const rowH = Math.max(1, ...lines.map((l) => l.length)) * LEADING + 4;
        need(rowH);
        if (row % 2 === 1) canvas.stripe(rowH);
        const y = canvas.y;
        let x = M;
        cols.forEach((c, i) => {
          lines[i]!.forEach((line, k) => {
            if (line)
              ops.push(
                text.draw(text.fit(line, BODY, c.width - 2 * PAD), BODY, x + PAD, y - 8 - k * LEADING),
              );
          });
          x += c.width;
        });
        canvas.y -= rowH;
        row++;
        if (row % 100 === 0) await tick();
      }
    }
    // Let I/O run meanwhile (the next batch's query, the job lock).
    if (++blocksSeen % 20 === 0) await tick();
  }
  return canvas.finish(opts.title);
}
