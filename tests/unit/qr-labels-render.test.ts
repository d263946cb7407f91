import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { serialFromNumber, tagUrl } from '../../src/shared/qr/serial.ts';
import {
  BUILTIN_TEMPLATES,
  type LabelTemplate,
  labelBoxes,
  labelsPerSheet,
  QR_QUIET_ZONE,
} from '../../src/shared/qr/templates.ts';
import { renderPdfLabels } from '../../src/render/pdf-labels.ts';
import { type LocatedCode, locateCodes, type Rect, rasterisePdf, ringIsBlank } from '../helpers/qr-decode.ts';

const PUBLIC_URL = 'https://app.equipcheck.com.br';
const DPI = 200;
const serials = (n: number, seed = 0) =>
  Array.from({ length: n }, (_, i) => serialFromNumber(BigInt(i + seed) * 7919n + 1234567n));

/** A small opaque PNG (the company logo). */
function logoPng(): Uint8Array {
  const png = new PNG({ width: 40, height: 20 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([200, 30, 30, 255], i);
  return PNG.sync.write(png);
}

function expand(r: Rect, by: number): Rect {
  return { x: r.x - by, y: r.y - by, w: r.w + 2 * by, h: r.h + 2 * by };
}

/**
 * The located code with its quiet zone lies inside its label rectangle, and nothing is printed in
 * the quiet zone (text, logo, cut marks, a neighbour's code).
 */
function expectInsideLabel(png: PNG, c: LocatedCode) {
  const module = c.symbol.w / (17 + 4 * c.version);
  const withQuiet = expand(c.symbol, QR_QUIET_ZONE * module);
  const tolerance = 1.5; // px: anti-aliasing and jsQR's corner estimate
  expect(withQuiet.x).toBeGreaterThanOrEqual(c.label.x - tolerance);
  expect(withQuiet.y).toBeGreaterThanOrEqual(c.label.y - tolerance);
  expect(withQuiet.x + withQuiet.w).toBeLessThanOrEqual(c.label.x + c.label.w + tolerance);
  expect(withQuiet.y + withQuiet.h).toBeLessThanOrEqual(c.label.y + c.label.h + tolerance);
  expect(ringIsBlank(png, expand(c.symbol, module * 0.5), expand(withQuiet, -module * 0.5))).toBe(true);
}

async function render(t: LabelTemplate, items: string[], offset = 0) {
  return renderPdfLabels([items.map((serial) => ({ serial }))], {
    publicUrl: PUBLIC_URL,
    template: t,
    offset,
    cutMarks: true,
    companyName: 'Extintores Ação Demonstração Ltda',
    note: 'Inspecione aqui',
    logo: logoPng(),
  });
}

// Rendering, rasterising at 200 dpi and decoding every label: seconds of CPU per template.
describe('every shipped template prints scannable codes inside its labels', { timeout: 120_000 }, () => {
  for (const t of BUILTIN_TEMPLATES) {
    it(`${t.id}: a full sheet decodes label by label, each code with its quiet zone inside its label`, async () => {
      const perSheet = labelsPerSheet(t);
      // A roll is one label per page: three pages.
      const items = serials(t.kind === 'roll' ? 3 : perSheet);
      const pages = rasterisePdf(await render(t, items), 1, undefined, DPI);
      expect(pages).toHaveLength(t.kind === 'roll' ? 3 : 1);
      const found = pages.flatMap((png) => locateCodes(png, t, DPI).map((c) => ({ png, c })));
      expect(found.map(({ c }) => c.text)).toEqual(items.map((s) => tagUrl(PUBLIC_URL, s)));
      if (t.kind === 'sheet') expect(found.map(({ c }) => c.slot)).toEqual(items.map((_, i) => i));
      for (const { png, c } of found) expectInsideLabel(png, c);
      // Page size is the template's.
      const mmPerPx = 25.4 / DPI;
      expect(pages[0]!.width * mmPerPx).toBeCloseTo(t.pageWidth, 0);
      expect(pages[0]!.height * mmPerPx).toBeCloseTo(t.pageHeight, 0);
    });
  }
});

describe('start offset', { timeout: 60_000 }, () => {
  it('skips exactly N positions of the first sheet and fills the next sheets from the first position', async () => {
    const t = BUILTIN_TEMPLATES.find((x) => x.id === 'pimaco-a4360')!; // 21 per sheet
    const items = serials(20, 500);
    const pdf = await render(t, items, 5);
    const [p1, p2, p3] = rasterisePdf(pdf, 1, undefined, DPI);
    expect(p3).toBeUndefined();
    const first = locateCodes(p1!, t, DPI);
    const second = locateCodes(p2!, t, DPI);
    expect(first.map((c) => c.slot)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(second.map((c) => c.slot)).toEqual([0, 1, 2, 3]);
    expect([...first, ...second].map((c) => c.text)).toEqual(items.map((s) => tagUrl(PUBLIC_URL, s)));
    // The skipped labels are left blank (already used on the sheet).
    const k = DPI / 25.4;
    for (const b of labelBoxes(t).slice(0, 5)) {
      const r = { x: b.x * k + 1, y: b.y * k + 1, w: b.w * k - 2, h: b.h * k - 2 };
      expect(ringIsBlank(p1!, { x: 0, y: 0, w: 0, h: 0 }, r)).toBe(true);
    }
  });

  it('refuses an offset that is not a position of the sheet', async () => {
    const t = BUILTIN_TEMPLATES.find((x) => x.id === 'avery-l7163')!;
    await expect(render(t, serials(1), 14)).rejects.toThrow(/offset/);
    await expect(render(t, serials(1), -1)).rejects.toThrow(/offset/);
  });
});
