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
import { deflateSync } from 'node:zlib';
import { PDFDocument, type PDFPage, PDFName } from 'pdf-lib';
import { embedDocumentFonts } from './fonts/truetype.ts';
import { FontText, LANDSCAPE, type PdfTableColumn } from './pdf-table.ts';

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
const FOOTER_Y = 16;

/** "Página N de M" and the title at the foot of each page, once the count is known. */
function drawFooters(doc: PDFDocument, pages: PDFPage[], text: FontText, title: string): void {
  const { width: W, margin: M } = LANDSCAPE;
  pages.forEach((p, i) => {
    text.drawOn(p);
    const label = text.clean(`Página ${i + 1} de ${pages.length}`);
    const footer = [
      text.draw(text.fit(title, BODY, W / 2), BODY, M, FOOTER_Y),
      text.draw(label, BODY, W - M - text.width(label, BODY), FOOTER_Y),
    ].join('\n');
    const stream = doc.context.stream(deflateSync(Buffer.from(footer, 'latin1')), {
      Filter: PDFName.of('FlateDecode'),
    });
    p.node.addContentStream(doc.context.register(stream));
  });
}

export async function renderSectionedPdf(
  blocks: AsyncIterable<SectionedBlock>,
  opts: SectionedOptions,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(opts.title);
  doc.setProducer('EquipCheck');
  doc.setCreationDate(new Date());
  const { regular, bold } = await embedDocumentFonts(doc);
  const { width: W, height: H, margin: M } = LANDSCAPE;
  const bottom = M + 8;
  const text = new FontText(regular);
  const strong = new FontText(bold);
  const pages: PDFPage[] = [];
  let ops: string[] = [];
  let y = 0;
  let columns: PdfTableColumn[] | null = null;
  let row = 0;

  const flush = () => {
    const page = pages.at(-1);
    if (!page) return;
    const stream = doc.context.stream(deflateSync(Buffer.from(ops.join('\n'), 'latin1')), {
      Filter: PDFName.of('FlateDecode'),
    });
    page.node.addContentStream(doc.context.register(stream));
    ops = [];
  };
  const headerRow = (cols: PdfTableColumn[]) => {
    ops.push(`0.88 g ${M} ${(y - HEAD_H).toFixed(2)} ${(W - 2 * M).toFixed(2)} ${HEAD_H} re f 0 g`);
    let x = M;
    for (const c of cols) {
      ops.push(strong.draw(strong.fit(c.header, BODY, c.width - 2 * PAD), BODY, x + PAD, y - HEAD_H + 3.8));
      x += c.width;
    }
    y -= HEAD_H;
  };
  const newPage = () => {
    flush();
    const page = doc.addPage([W, H]);
    pages.push(page);
    text.drawOn(page);
    strong.drawOn(page);
    y = H - M;
    if (pages.length === 1) {
      ops.push(strong.draw(strong.clean(opts.title), 14, M, y - 14));
      y -= 22;
      for (const line of opts.header) {
        ops.push(text.draw(text.fit(line, 9, W - 2 * M), 9, M, y - 9));
        y -= 12;
      }
      y -= 6;
    } else if (columns) headerRow(columns);
  };
  /** Room for `h` points on this page, else a new one. */
  const need = (h: number) => {
    if (y - h < bottom) newPage();
  };

  newPage();
  let blocksSeen = 0;
  for await (const block of blocks) {
    if (block.kind === 'heading') {
      columns = null;
      need(18 + HEAD_H + 2 * LEADING);
      y -= 6;
      ops.push(strong.draw(strong.fit(block.text, 11, W - 2 * M), 11, M, y - 11));
      y -= 16;
    } else if (block.kind === 'text') {
      columns = null;
      need(LEADING + 4);
      const f = block.bold ? strong : text;
      ops.push(f.draw(f.fit(block.text, 8, W - 2 * M), 8, M, y - 8));
      y -= LEADING + 3;
    } else if (block.kind === 'table') {
      columns = null;
      need(HEAD_H + LEADING + 6);
      columns = block.columns;
      row = 0;
      headerRow(columns);
    } else if (columns) {
      const cols = columns;
      for (const cells of block.rows) {
        const lines = cols.map((_c, i) => (cells[i] ?? '').split('\n'));
        const rowH = Math.max(1, ...lines.map((l) => l.length)) * LEADING + 4;
        need(rowH);
        if (row % 2 === 1)
          ops.push(
            `0.96 g ${M} ${(y - rowH).toFixed(2)} ${(W - 2 * M).toFixed(2)} ${rowH.toFixed(2)} re f 0 g`,
          );
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
        y -= rowH;
        row++;
        if (row % 100 === 0) await tick();
      }
    }
    // Let I/O run meanwhile (the next batch's query, the job lock).
    if (++blocksSeen % 20 === 0) await tick();
  }
  flush();

  drawFooters(doc, pages, text, opts.title);
  return doc.save({ useObjectStreams: false });
}
