import { execFileSync } from 'node:child_process';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderSectionedPdf, type SectionedBlock } from '../../src/render/sectioned-pdf.ts';

const text = (pdf: Uint8Array, page?: number) =>
  execFileSync('pdftotext', [...(page ? ['-f', String(page), '-l', String(page)] : []), '-', '-'], {
    input: pdf,
  }).toString('utf8');

/** A heading, a table whose rows arrive in batches of 50, and a closing line. */
async function* blocks(rows: number): AsyncGenerator<SectionedBlock> {
  yield { kind: 'heading', text: 'Sistema: Extintores' };
  yield {
    kind: 'table',
    columns: [
      { header: 'Tag', width: 100 },
      { header: 'Ciclos', width: 300 },
    ],
  };
  for (let i = 0; i < rows; i += 50)
    yield {
      kind: 'rows',
      rows: Array.from({ length: Math.min(50, rows - i) }, (_v, k) => [
        `TAG${String(i + k).padStart(4, '0')}`,
        `Recarga: Vencido — 01/02/2026\nTeste hidrostático: Válido — 0${(k % 9) + 1}/03/2030`,
      ]),
    };
  yield { kind: 'heading', text: 'Vence nos próximos 90 dias' };
  yield { kind: 'text', text: 'Nada vence nos próximos 90 dias.' };
}

describe('the sectioned PDF (the building dossier’s renderer)', () => {
  it('draws every row in order over as many pages as it takes, the table header repeated, pages numbered', async () => {
    const pdf = await renderSectionedPdf(blocks(300), { title: 'Dossiê', header: ['Empresa: Condomínio Ω'] });
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    expect(pages).toBeGreaterThan(3);
    const all = text(pdf);
    expect(all).toContain('Empresa: Condomínio Ω');
    const tags = all.match(/TAG\d{4}/g) ?? [];
    expect(tags).toEqual(Array.from({ length: 300 }, (_v, i) => `TAG${String(i).padStart(4, '0')}`));
    expect(all).toContain('Teste hidrostático: Válido — 09/03/2030');
    expect(all).toContain(`Página ${pages} de ${pages}`);
    // The second page starts with the table's header row again.
    expect(text(pdf, 2)).toMatch(/Tag\s+Ciclos/);
    expect(text(pdf, pages)).toContain('Nada vence nos próximos 90 dias.');
  });
});
