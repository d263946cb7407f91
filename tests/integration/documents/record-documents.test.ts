import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../../src/shared/dates.ts';
import { tagUrl } from '../../../src/shared/qr/serial.ts';
import { config } from '../../../src/server/config.ts';
import { tenantDb } from '../../../src/server/db/database.ts';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { rest } from '../../helpers/api.ts';
import { decodeQr, rasterisePdf } from '../../helpers/qr-decode.ts';
import { createTag, register } from '../equipment/helpers.ts';
import { bodyBytes } from '../qr/helpers.ts';
import {
  answers,
  type DocumentsTenant,
  documentsTenant,
  equipmentOf,
  inspect,
  maintain,
  pageCount,
  pdfText,
  xlsxRows,
} from './helpers.ts';

const worker = startWorker({ concurrency: 2 });
afterAll(async () => {
  await worker.close();
  await closeQueue();
});

let t: DocumentsTenant;
let product: { name: string; sku: string; category: string; subcategory: string };
beforeAll(async () => {
  t = await documentsTenant();
  product = await tenantDb(t.schema)
    .selectFrom('products as p')
    .innerJoin('inspection_types as it', 'it.id', 'p.inspection_type_id')
    .innerJoin('categories as c', 'c.id', 'it.category_id')
    .select(['p.name', 'p.sku', 'c.name as category', 'it.name as subcategory'])
    .where('p.id', '=', t.catalogue.productId)
    .executeTakeFirstOrThrow();
}, 60_000);

/** A file download that must succeed: its headers and bytes. */
async function download(path: string, token: string) {
  const r = await rest('GET', path, { token });
  expect(r.status, `${path}: ${JSON.stringify(r.json)}`).toBe(200);
  return { headers: r.headers, bytes: await bodyBytes(r.res) };
}

/** The record as the equipment dialog lists it (its date is what the documents show). */
async function listed(kind: 'inspections' | 'maintenances', serial: string) {
  const r = await rest<{ items: { createdAt: string }[] }>('GET', `/web/equipments/${serial}/${kind}`, {
    token: t.tokens.operator,
  });
  return new Date(r.json.data!.items[0]!.createdAt);
}

const day = (d: Date) => formatDate(d, config().APP_TIME_ZONE).split('/').reverse().join('-');

describe('inspection documents', () => {
  it('GET /web/inspections/{id}/pdf streams a one-page certificate with the record’s texts and the tag’s QR code', async () => {
    const c = t.catalogue;
    const e = await equipmentOf(t);
    const id = await inspect(t, e.serial, {
      answers: answers(c, { notes: 'Pino de segurança substituído' }),
      latitude: -23.55052,
      longitude: -46.633308,
      accuracy: 12.5,
    });
    const at = await listed('inspections', e.serial);
    const { headers, bytes } = await download(`/web/inspections/${id}/pdf`, t.tokens.operator);
    expect(headers.get('Content-Type')).toBe('application/pdf');
    expect(headers.get('Content-Disposition')).toContain(`filename="inspecao-${e.serial}-${day(at)}.pdf"`);
    expect(await pageCount(bytes)).toBe(1);

    const text = pdfText(bytes);
    for (const expected of [
      'Certificado de inspeção',
      t.companyName,
      `Tag ${e.serial}`,
      e.extraLabel,
      e.extraCode,
      product.name,
      product.sku,
      product.category,
      product.subcategory,
      'Status Próprio',
      t.operatorName,
      t.operatorEmail,
      formatDateTime(at, config().APP_TIME_ZONE),
      '-23.55052, -46.63331 (precisão de 13 m)',
      `${c.names.seal} Sim`,
      `${c.names.cylinder} Conforme`,
      `${c.names.notes} Pino de segurança substituído`,
      `${c.names.access} N/A`,
      `Número do cilindro Cilindro ${e.extraCode}`,
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Inspeção sem localização');

    // Rasterised like a printout, the code decodes to the tag's URL, as the labels' codes do.
    const [page] = rasterisePdf(bytes);
    expect(decodeQr(page!)).toBe(tagUrl(config().PUBLIC_URL, e.serial));
  });

  it('an improper inspection is titled by its result, not a certificate, and without a location says so', async () => {
    const c = t.catalogue;
    const e = await equipmentOf(t);
    const id = await inspect(t, e.serial, {
      answers: answers(c, { seal: 'NO', cylinder: c.cylinder.dented }),
    });
    const text = pdfText((await download(`/web/inspections/${id}/pdf`, t.tokens.operator)).bytes);
    // Titled by its result: an improper inspection is no certificate.
    expect(text.startsWith('Relatório de inspeção — Impróprio'), text.slice(0, 80)).toBe(true);
    expect(text).not.toContain('Certificado');
    expect(text).toContain('Status Impróprio');
    expect(text).toContain('Inspeção sem localização');
    expect(text).toContain(`${c.names.seal} Não`);
    expect(text).toContain(`${c.names.cylinder} Amassado`);
    const rows = await xlsxRows((await download(`/web/inspections/${id}/excel`, t.tokens.operator)).bytes);
    expect(rows[0]).toEqual(['Relatório de inspeção — Impróprio']);
  });

  it('a 32-character serial is printed whole under the code, within its width', async () => {
    const serial = `WQCXNVB4${Array.from(randomBytes(24), (b) => 'MW23456789'[b % 10]).join('')}`;
    await createTag({ groupId: t.groupId, companyId: t.companyId, schema: t.schema }, { serial });
    await register(t.tokens.group, { tagSerialNumber: serial, productId: t.catalogue.productId });
    const id = await inspect(t, serial, { answers: answers(t.catalogue) });
    const bytes = (await download(`/web/inspections/${id}/pdf`, t.tokens.operator)).bytes;
    expect(pdfText(bytes)).toContain(`Tag ${serial}`);
    // Only the area under the code (the page's right margin minus the code's 100 points).
    const under = execFileSync('pdftotext', ['-x', '455', '-y', '40', '-W', '101', '-H', '140', '-', '-'], {
      input: bytes,
    })
      .toString('utf8')
      .replace(/\s+/g, '');
    expect(under, under).toBe(serial);
  });

  it('content longer than a page continues on the next one, nothing clipped', async () => {
    const c = t.catalogue;
    const e = await equipmentOf(t);
    const words = Array.from({ length: 330 }, (_v, i) => `palavra${i}`);
    const notes = words.join(' ').slice(0, 2000).replace(/ \S*$/, '');
    expect(notes.length).toBeGreaterThan(1900);
    const id = await inspect(t, e.serial, { answers: answers(c, { notes }) });
    const bytes = (await download(`/web/inspections/${id}/pdf`, t.tokens.operator)).bytes;
    expect(await pageCount(bytes)).toBe(2);
    const text = pdfText(bytes);
    expect(text).toContain(`${c.names.notes} ${notes}`);
    expect(text).toContain(`${c.names.access} N/A`);
    expect(text).toContain('Página 2 de 2');
  });

  it('any text renders: the embedded font prints Ω, Ő and CO₂; what it cannot show becomes "?"; the XLSX keeps it', async () => {
    const c = t.catalogue;
    const e = await equipmentOf(t);
    const notes = 'Fogo 🔥 火 Ωmega Őrs CO₂ tab\there bell\u0007end';
    const id = await inspect(t, e.serial, { answers: answers(c, { notes }) });
    const text = pdfText((await download(`/web/inspections/${id}/pdf`, t.tokens.operator)).bytes);
    expect(text).toContain(`${c.names.notes} Fogo ? ? Ωmega Őrs CO₂ tab here bell end`);
    const rows = await xlsxRows((await download(`/web/inspections/${id}/excel`, t.tokens.operator)).bytes);
    expect(rows).toContainEqual([c.names.notes, 'Fogo 🔥 火 Ωmega Őrs CO₂ tab\there bell end']);
  });

  it('GET /web/inspections/{id}/excel: the header block and the answers and attributes in cells', async () => {
    const c = t.catalogue;
    const e = await equipmentOf(t);
    const id = await inspect(t, e.serial, {
      answers: answers(c, { notes: 'Sinalização refeita' }),
      latitude: -22.9068,
      longitude: -43.1729,
      accuracy: 4,
    });
    const at = await listed('inspections', e.serial);
    const { headers, bytes } = await download(`/web/inspections/${id}/excel`, t.tokens.operator);
    expect(headers.get('Content-Type')).toContain('spreadsheetml');
    expect(headers.get('Content-Disposition')).toContain(`filename="inspecao-${e.serial}-${day(at)}.xlsx"`);
    const rows = await xlsxRows(bytes);
    expect(rows[0]).toEqual(['Certificado de inspeção']);
    for (const row of [
      ['Empresa', t.companyName],
      ['Link da tag', tagUrl(config().PUBLIC_URL, e.serial)],
      ['Tag', e.serial],
      ['Identificação', e.extraLabel],
      ['Número de controle', e.extraCode],
      ['Nome', product.name],
      ['SKU', product.sku],
      ['Categoria', product.category],
      ['Subcategoria', product.subcategory],
      ['Status', 'Próprio'],
      ['Inspetor', t.operatorName],
      ['E-mail', t.operatorEmail],
      ['Data', formatDateTime(at, config().APP_TIME_ZONE)],
      ['Localização', '-22.90680, -43.17290 (precisão de 4 m)'],
      ['Atributo', 'Valor'],
      ['Número do cilindro', `Cilindro ${e.extraCode}`],
    ])
      expect(rows).toContainEqual(row);
    const table = rows.findIndex((r) => r[0] === 'Pergunta' && r[1] === 'Resposta');
    expect(rows.slice(table + 1, table + 5)).toEqual([
      [c.names.seal, 'Sim'],
      [c.names.cylinder, 'Conforme'],
      [c.names.notes, 'Sinalização refeita'],
      [c.names.access, 'N/A'],
    ]);
  });
});

describe('maintenance documents', () => {
  it('GET /web/maintenances/{id}/pdf and /excel: maintainer, Sim/Não/N/A answers and the parts replaced', async () => {
    const c = t.catalogue;
    const e = await equipmentOf(t);
    const id = await maintain(t, e.serial, {
      answers: [
        { questionId: c.maintenance.recharged, answer: 'no' },
        { questionId: c.maintenance.description, answer: 'Troca do manômetro' },
      ],
      parts: [
        { partId: c.parts.powder, quantity: 4.5 },
        { partId: c.parts.gauge, quantity: 1 },
      ],
    });
    const at = await listed('maintenances', e.serial);
    const pdf = await download(`/web/maintenances/${id}/pdf`, t.tokens.operator);
    expect(pdf.headers.get('Content-Disposition')).toContain(
      `filename="manutencao-${e.serial}-${day(at)}.pdf"`,
    );
    expect(await pageCount(pdf.bytes)).toBe(1);
    const text = pdfText(pdf.bytes);
    for (const expected of [
      'Relatório de manutenção',
      t.companyName,
      `Tag ${e.serial}`,
      product.name,
      `Responsável ${t.operatorName}`,
      formatDateTime(at, config().APP_TIME_ZONE),
      `${c.names.recharged} Não`,
      `${c.names.description} Troca do manômetro`,
      'Peças trocadas',
      'Peça Quantidade Unidade',
      'Carga de pó 4,5 Quilogramas',
      'Manômetro 1 Unidades',
      `Número do cilindro Cilindro ${e.extraCode}`,
    ])
      expect(text).toContain(expected);
    const [page] = rasterisePdf(pdf.bytes);
    expect(decodeQr(page!)).toBe(tagUrl(config().PUBLIC_URL, e.serial));

    const xlsx = await download(`/web/maintenances/${id}/excel`, t.tokens.operator);
    const rows = await xlsxRows(xlsx.bytes);
    expect(rows[0]).toEqual(['Relatório de manutenção']);
    for (const row of [
      ['Empresa', t.companyName],
      ['Tag', e.serial],
      ['Responsável', t.operatorName],
      [c.names.recharged, 'Não'],
      [c.names.description, 'Troca do manômetro'],
      ['Peça', 'Quantidade', 'Unidade'],
      ['Carga de pó', 4.5, 'Quilogramas'],
      ['Manômetro', 1, 'Unidades'],
    ])
      expect(rows).toContainEqual(row);
  });

  it('a maintenance without parts says none were replaced', async () => {
    const c = t.catalogue;
    const e = await equipmentOf(t);
    const id = await maintain(t, e.serial, {
      answers: [
        { questionId: c.maintenance.recharged, answer: 'NA' },
        { questionId: c.maintenance.description, answer: 'Inspeção visual' },
      ],
    });
    const text = pdfText((await download(`/web/maintenances/${id}/pdf`, t.tokens.operator)).bytes);
    expect(text).toContain(`${c.names.recharged} N/A`);
    expect(text).toContain('Peças trocadas Nenhuma peça trocada.');
  });
});
