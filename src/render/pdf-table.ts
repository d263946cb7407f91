import { setImmediate as tick } from 'node:timers/promises';
import { LANDSCAPE, PdfCanvas } from './pdf-canvas.ts';

const BODY = 7;
/** the second line of a cell (a SKU, a status text): smaller and grey */
const SECOND = 6;
const HEAD = 7;
const ROW_H = 19;
const PAD = 3;
/** the smallest size a `whole` cell shrinks to before it wraps */
const WHOLE_MIN = 5;
/** baseline of a cell's first line below the row's top, and the distance between wrapped lines */
const FIRST_BASE = 8.5;
const WHOLE_LEADING = 7.5;

export interface PdfTableColumn {
  header: string;
  /** points */
  width: number;
  /**
   * Never cut (a tag serial, the key a technician looks for on paper): the text shrinks to the
   * column down to WHOLE_MIN points, then wraps over as many lines as it needs (the row grows).
   */
  whole?: boolean;
}

/**
 * A row: one text per column; a text with a line break is two lines, the second smaller and grey
 * (a product's SKU under its name, a date's status under the date).
 */
export type PdfRow = string[];

export interface PdfTableOptions {
  title: string;
  /** under the title on the first page (e.g. "Emitido em …") */
  subtitle?: string;
  /** lines printed on the first page before the table (the filters applied) */
  preamble: string[];
  columns: PdfTableColumn[];
  /** called after each batch with the number of rows drawn so far */
  onProgress?: (done: number) => Promise<void> | void;
}

/**
 * A paged table with pdf-lib, drawn the cheap way (like the QR labels): each page's text and lines
 * are one deflated content stream of raw operators. The header row repeats on every page, the
 * first page carries the title and the preamble, and each page ends with "Página N de M" (written
 * once the last page is known). Yields to the event loop after each batch so a worker's job lock
 * keeps renewing. Rows arrive in batches; only the PDF being built is held.
 */
export async function renderPdfTable(
  batches: AsyncIterable<PdfRow[]>,
  opts: PdfTableOptions,
): Promise<Uint8Array> {
  const canvas = await PdfCanvas.open(opts.title);
  const { text } = canvas;
  const { margin: M } = LANDSCAPE;
  const bottom = M + 8;
  const ops = canvas.ops;
  const newPage = () => {
    canvas.addPage();
    if (canvas.pages.length === 1)
      canvas.titleBlock(opts.title, [
        ...(opts.subtitle ? [{ text: opts.subtitle, size: 8, leading: 14 }] : []),
        ...opts.preamble.map((line) => ({ text: line, size: 8, leading: 11 })),
      ]);
    canvas.headerRow(opts.columns, HEAD);
  };

  newPage();
  let done = 0;
  let row = 0;
  for await (const batch of batches) {
    for (const cells of batch) {
      // Whole cells first: a wrapped one makes the row taller.
      let rowH = ROW_H;
      const wholes = opts.columns.map((c, i) => {
        if (!c.whole || !cells[i]) return null;
        const fitted = text.whole(cells[i]!, BODY, WHOLE_MIN, c.width - 2 * PAD);
        rowH = Math.max(rowH, FIRST_BASE + (fitted.lines.length - 1) * WHOLE_LEADING + 4);
        return fitted;
      });
      if (canvas.y - rowH < bottom) newPage();
      if (row % 2 === 1) canvas.stripe(rowH);
      const y = canvas.y;
      let x = M;
      opts.columns.forEach((c, i) => {
        const fitted = wholes[i];
        if (fitted) {
          fitted.lines.forEach((line, k) => {
            ops.push(text.draw(line, fitted.size, x + PAD, y - FIRST_BASE - k * WHOLE_LEADING));
          });
          x += c.width;
          return;
        }
        const [first = '', second = ''] = (cells[i] ?? '').split('\n', 2);
        const room = c.width - 2 * PAD;
        if (first) ops.push(text.draw(text.fit(first, BODY, room), BODY, x + PAD, y - FIRST_BASE));
        if (second)
          ops.push(`0.35 g ${text.draw(text.fit(second, SECOND, room), SECOND, x + PAD, y - 16)} 0 g`);
        x += c.width;
      });
      canvas.y -= rowH;
      row++;
      // Let I/O run meanwhile (the next batch's queries, the job lock).
      if (row % 100 === 0) await tick();
    }
    done += batch.length;
    await opts.onProgress?.(done);
    await tick();
  }
  if (row === 0) ops.push(text.draw('Lista vazia', BODY, M + PAD, canvas.y - 8.5));
  return canvas.finish(opts.title);
}
