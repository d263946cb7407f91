import { execFileSync } from 'node:child_process';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedDocumentFonts } from '../../src/render/fonts/truetype.ts';

/** What the product stores and the standard fonts (WinAnsi) could not print. */
const STORED = 'Extintor CO₂ 6 kg — N₂, Ωmega, Őrs, ±0,2 m³, ação, Ñandú';

describe('the embedded PDF font', () => {
  it('prints what the product stores, subset to the glyphs drawn (a few kB, not the whole font)', async () => {
    const doc = await PDFDocument.create();
    const { regular, bold } = await embedDocumentFonts(doc);
    const page = doc.addPage([400, 200]);
    page.drawText(STORED, { x: 10, y: 150, size: 10, font: regular });
    page.drawText('Certificado CO₂', { x: 10, y: 120, size: 12, font: bold });
    expect(regular.getCharacterSet()).toContain('₂'.codePointAt(0));
    expect(regular.widthOfTextAtSize('CO₂', 10)).toBeGreaterThan(regular.widthOfTextAtSize('CO', 10));
    const bytes = await doc.save();
    const text = execFileSync('pdftotext', ['-', '-'], { input: bytes }).toString('utf8');
    expect(text).toContain(STORED);
    expect(text).toContain('Certificado CO₂');
    // Both fonts embedded as TrueType subsets: the file stays small (each font file is ~680 kB).
    const fonts = execFileSync('pdffonts', ['-'], { input: bytes }).toString('utf8');
    expect(fonts.match(/CID TrueType\s+Identity-H\s+yes/g), fonts).toHaveLength(2);
    expect(bytes.length).toBeLessThan(40_000);
  });
});
