import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import { verifyUrl } from '../../../src/shared/seals/schemas.ts';
import { config } from '../../../src/server/config.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { rest } from '../../helpers/api.ts';
import {
  answers,
  type DocumentsTenant,
  documentsTenant,
  equipmentOf,
  inspect,
  pdfText,
  xlsxRows,
} from '../documents/helpers.ts';
import { bodyBytes } from '../qr/helpers.ts';
import { signatures } from './helpers.ts';

const worker = startWorker({ concurrency: 2 });
afterAll(async () => {
  await worker.close();
  await closeQueue();
});

let t: DocumentsTenant;
let serial: string;
beforeAll(async () => {
  t = await documentsTenant();
  ({ serial } = await equipmentOf(t));
}, 60_000);

async function download(path: string) {
  const r = await rest('GET', path, { token: t.tokens.operator });
  expect(r.status, `${path}: ${JSON.stringify(r.json)}`).toBe(200);
  return bodyBytes(r.res);
}

/** The image XObjects of a PDF (the signature drawings; QR codes are vector paths). */
async function imageCount(bytes: Uint8Array): Promise<number> {
  const pdf = await PDFDocument.load(bytes);
  let n = 0;
  for (const [, obj] of pdf.context.enumerateIndirectObjects())
    if (obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) n++;
  return n;
}

describe('the document of a signed record', () => {
  it('the PDF shows the signatures (one image each) and the verification code with its URL; the sheet the code', async () => {
    const id = await inspect(t, serial, { answers: answers(t.catalogue) });
    const before = await download(`/web/inspections/${id}/pdf`);
    expect(pdfText(before)).not.toContain('Código de verificação');
    const sign = await rest<{ code: string }>('PUT', `/web/inspections/${id}/signatures`, {
      token: t.tokens.operator,
      body: signatures(),
    });
    expect(sign.status).toBe(200);
    const { code } = sign.json.data!;
    const after = await download(`/web/inspections/${id}/pdf`);
    const text = pdfText(after);
    expect(text).toContain(`Código de verificação: ${code}`);
    expect(text).toContain('Técnico: Téo Técnico');
    expect(text).toContain('Cliente: Clara Cliente — Síndica');
    expect(await imageCount(after)).toBe((await imageCount(before)) + 2);
    const url = verifyUrl(config().PUBLIC_URL, code);
    expect(text.replace(/\s/g, '')).toContain(url);
    const sheet = (await xlsxRows(await download(`/web/inspections/${id}/excel`))).flat().map(String);
    expect(sheet).toContain(code);
  }, 60_000);
});
