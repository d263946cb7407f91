import { PassThrough } from 'node:stream';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { serialFromNumber, tagUrl } from '../../src/shared/qr/serial.ts';
import {
  BUILTIN_TEMPLATES,
  cutMarkSegments,
  DEFAULT_TEMPLATE,
  type LabelTemplateFields,
  labelBoxes,
  labelContent,
  labelsPerSheet,
  minQrSize,
  QR_QUIET_ZONE,
  qrModulesFor,
  templateProblem,
  utf8Length,
} from '../../src/shared/qr/templates.ts';

import { renderZplLabels, zplText } from '../../src/render/zpl-labels.ts';

const URL = 'https://app.equipcheck.com.br';
const modules = qrModulesFor(utf8Length(tagUrl(URL, 'X'.repeat(10))));

describe('label templates as data', () => {
  it('ships the current A4 4 × 6, Pimaco A4 sheets, Avery L7160/L7163/5160 and a 50 × 30 mm roll, all printable', () => {
    expect(BUILTIN_TEMPLATES.map((t) => t.id)).toEqual([
      'a4-4x6',
      'pimaco-a4351',
      'pimaco-a4356',
      'pimaco-a4360',
      'pimaco-a4363',
      'avery-l7160',
      'avery-l7163',
      'avery-5160',
      'thermal-50x30',
    ]);
    const perSheet = Object.fromEntries(BUILTIN_TEMPLATES.map((t) => [t.id, labelsPerSheet(t)]));
    expect(perSheet).toMatchObject({
      'a4-4x6': 24,
      'pimaco-a4351': 65,
      'avery-l7160': 21,
      'avery-l7163': 14,
      'avery-5160': 30,
      'thermal-50x30': 1,
    });
    for (const t of BUILTIN_TEMPLATES) expect([t.id, templateProblem(t, modules)]).toEqual([t.id, null]);
    expect(DEFAULT_TEMPLATE.id).toBe('a4-4x6');
  });

  it('places labels by margins and pitch, inside the page, without overlaps', () => {
    for (const t of BUILTIN_TEMPLATES) {
      const boxes = labelBoxes(t);
      expect(boxes).toHaveLength(labelsPerSheet(t));
      for (const b of boxes) {
        expect(b.x).toBeGreaterThanOrEqual(0);
        expect(b.y).toBeGreaterThanOrEqual(0);
        expect(b.x + b.w).toBeLessThanOrEqual(t.pageWidth + 0.01);
        expect(b.y + b.h).toBeLessThanOrEqual(t.pageHeight + 0.01);
      }
    }
    const l7160 = labelBoxes(BUILTIN_TEMPLATES.find((t) => t.id === 'avery-l7160')!);
    expect(l7160[1]).toEqual({ x: 7.21 + 66.04, y: 15.15, w: 63.5, h: 38.1 });
    expect(l7160[3]!.y).toBeCloseTo(15.15 + 38.1);
  });

  it('keeps the code with its quiet zone and the text inside the label, never overlapping', () => {
    for (const t of BUILTIN_TEMPLATES) {
      const c = labelContent(t, { companyName: true, note: true, logo: true });
      expect(c.qr.x).toBeGreaterThanOrEqual(t.padding - 0.01);
      expect(c.qr.y).toBeGreaterThanOrEqual(t.padding - 0.01);
      expect(c.qr.x + c.qr.size).toBeLessThanOrEqual(t.labelWidth - t.padding + 0.01);
      expect(c.qr.y + c.qr.size).toBeLessThanOrEqual(t.labelHeight - t.padding + 0.01);
      expect(c.lines[0]!.kind).toBe('serial');
      expect(c.lines.length).toBeLessThanOrEqual(t.textLines);
      for (const l of c.lines) {
        if (c.flow === 'beside') expect(l.x).toBeGreaterThanOrEqual(c.qr.x + c.qr.size);
        else
          expect(l.y - (0.72 * l.fontSize * 1.2 * 25.4) / 72).toBeGreaterThanOrEqual(
            c.qr.y + c.qr.size - 0.01,
          );
        expect(l.y).toBeLessThanOrEqual(t.labelHeight - t.padding + 0.01);
      }
    }
    // Options beyond the template's lines are dropped in order: the serial always stays.
    const one = { ...DEFAULT_TEMPLATE, textLines: 1 };
    expect(labelContent(one, { companyName: true, note: true, logo: true }).lines.map((l) => l.kind)).toEqual(
      ['serial'],
    );
  });

  it('refuses templates whose labels overlap or leave the page, or whose code is too small or does not fit', () => {
    const base: LabelTemplateFields = { ...BUILTIN_TEMPLATES.find((t) => t.id === 'avery-l7160')! };
    expect(templateProblem({ ...base, pitchX: 60 }, modules)?.code).toBe('QR_TEMPLATE_LABELS_OVERLAP');
    expect(templateProblem({ ...base, rows: 8 }, modules)).toEqual({
      code: 'QR_TEMPLATE_LABELS_OFF_PAGE',
      params: { pageWidth: 210, pageHeight: 297 },
    });
    expect(templateProblem({ ...base, marginLeft: 15 }, modules)?.code).toBe('QR_TEMPLATE_LABELS_OFF_PAGE');
    expect(templateProblem({ ...base, kind: 'roll' }, modules)?.code).toBe('QR_TEMPLATE_LABELS_OFF_PAGE');
    expect(templateProblem({ ...base, qrSize: 12 }, modules)).toEqual({
      code: 'QR_TEMPLATE_QR_TOO_SMALL',
      params: { size: 12, min: minQrSize(modules) },
    });
    expect(templateProblem({ ...base, qrSize: 37 }, modules)).toEqual({
      code: 'QR_TEMPLATE_QR_DOES_NOT_FIT',
      params: { size: 37, width: 63.5, height: 38.1 },
    });
    // Wide code, no room for the text column beside it.
    expect(templateProblem({ ...base, labelWidth: 45, pitchX: 66.04 }, modules)?.code).toBe(
      'QR_TEMPLATE_QR_DOES_NOT_FIT',
    );
    // A longer install URL needs a bigger code: the smallest Pimaco label stops being enough.
    const a4351 = BUILTIN_TEMPLATES.find((t) => t.id === 'pimaco-a4351')!;
    const long = qrModulesFor(utf8Length(tagUrl(`https://${'x'.repeat(60)}.example.com.br`, 'X'.repeat(10))));
    expect(templateProblem(a4351, long)?.code).toBe('QR_TEMPLATE_QR_TOO_SMALL');
  });

  it('sizes codes like the encoder does (byte mode, levels M and Q)', () => {
    for (const ecl of ['M', 'Q'] as const)
      for (let n = 1; n <= 200; n += 7) {
        const text = 'a'.repeat(n);
        expect([ecl, n, qrModulesFor(n, ecl)]).toEqual([
          ecl,
          n,
          QRCode.create(text, { errorCorrectionLevel: ecl }).modules.size,
        ]);
      }
    // The tag URL of this install is a version 4 code at level Q: 33 modules, 41 with the quiet zone.
    expect(modules).toBe(33);
    expect(minQrSize(modules)).toBeCloseTo(0.4 * (33 + 2 * QR_QUIET_ZONE), 1);
  });

  it('draws cut marks only in the page margins, along every label edge', () => {
    const t = BUILTIN_TEMPLATES.find((x) => x.id === 'avery-l7160')!;
    const segs = cutMarkSegments(t);
    const boxes = labelBoxes(t);
    // 3 columns × 2 edges (gaps between columns), above and below; 8 row edges (rows touch), left and right.
    expect(segs).toHaveLength(6 * 2 + 8 * 2);
    for (const [x1, y1, x2, y2] of segs) {
      for (const b of boxes) {
        const inside = (x: number, y: number) => x > b.x && x < b.x + b.w && y > b.y && y < b.y + b.h;
        expect(inside((x1 + x2) / 2, (y1 + y2) / 2)).toBe(false);
      }
      expect(Math.min(x1, x2)).toBeGreaterThanOrEqual(0);
      expect(Math.max(y1, y2)).toBeLessThanOrEqual(t.pageHeight);
    }
    // A roll has no margins: no marks.
    expect(cutMarkSegments(BUILTIN_TEMPLATES.find((x) => x.id === 'thermal-50x30')!)).toEqual([]);
  });
});

describe('ZPL labels', () => {
  const roll = BUILTIN_TEMPLATES.find((t) => t.id === 'thermal-50x30')!;
  const serials = Array.from({ length: 7 }, (_, i) => serialFromNumber(BigInt(i) * 104729n + 99n));

  async function zpl(opts: { companyName?: string | null; note?: string | null } = {}): Promise<string> {
    const out = new PassThrough();
    const parts: Buffer[] = [];
    out.on('data', (c: Buffer) => parts.push(c));
    await renderZplLabels(
      [serials.slice(0, 3), serials.slice(3)].map((c) => c.map((serial) => ({ serial }))),
      out,
      {
        publicUrl: URL,
        template: roll,
        ...opts,
      },
    );
    return Buffer.concat(parts).toString('utf8');
  }

  it('writes one ^XA … ^XZ block per serial, with the QR command, the URL and the serial inside the label', async () => {
    const text = await zpl({ companyName: 'Ação ^Ltda~', note: 'Inspecione aqui' });
    const blocks = text.match(/\^XA[\s\S]*?\^XZ/g)!;
    expect(blocks).toHaveLength(serials.length);
    // Nothing outside the blocks but line breaks.
    expect(text.replace(/\^XA[\s\S]*?\^XZ/g, '').trim()).toBe('');
    const w = Math.round((50 * 203) / 25.4);
    const h = Math.round((30 * 203) / 25.4);
    blocks.forEach((b, i) => {
      expect(b).toContain(`^PW${w}`);
      expect(b).toContain(`^LL${h}`);
      expect(b).toContain('^CI28');
      const qr = /\^FO(\d+),(\d+)\^BQN,2,(\d+)\^FH\^FDQA,([^^]*)\^FS/.exec(b)!;
      expect(qr).not.toBeNull();
      const [x, y, mag] = [Number(qr[1]), Number(qr[2]), Number(qr[3])];
      expect(qr[4]).toBe(tagUrl(URL, serials[i]!));
      // The code and its quiet zone inside the label.
      const side = (modules + 2 * QR_QUIET_ZONE) * mag;
      expect(x - QR_QUIET_ZONE * mag).toBeGreaterThanOrEqual(0);
      expect(y - QR_QUIET_ZONE * mag).toBeGreaterThanOrEqual(0);
      expect(x - QR_QUIET_ZONE * mag + side).toBeLessThanOrEqual(w);
      expect(y - QR_QUIET_ZONE * mag + side).toBeLessThanOrEqual(h);
      expect(mag).toBeGreaterThanOrEqual(3);
      expect(b).toContain(`^FD${serials[i]}^FS`);
      expect(b).toContain('^FDAção _5ELtda_7E^FS');
      expect(b).toContain('^FDInspecione aqui^FS');
      // Every field's text sits right of the code's quiet zone.
      for (const m of b.matchAll(/\^FO(\d+),(\d+)\^A0N/g)) {
        expect(Number(m[1])).toBeGreaterThanOrEqual(x - QR_QUIET_ZONE * mag + side);
        expect(Number(m[2])).toBeLessThan(h);
      }
    });
  });

  it('escapes the command prefixes of free text', () => {
    expect(zplText('a^b~c_d')).toBe('a_5Eb_7Ec_5Fd');
  });
});
