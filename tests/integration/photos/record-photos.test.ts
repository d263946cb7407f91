import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantDb } from '../../../src/server/db/database.ts';
import { signPathUntil } from '../../../src/server/files/signed-links.ts';
import { fileStore } from '../../../src/server/files/store.ts';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import { photoFilePath } from '../../../src/server/domains/photos/links.ts';
import { recordPhotoHashes } from '../../../src/server/domains/photos/index.ts';
import { cleanPhoto } from '../../../src/shared/photos/image-bytes.ts';
import { RECORD_PHOTO_MAX_BYTES } from '../../../src/shared/photos/schemas.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { loginAs, rest, testApp, trpcClient } from '../../helpers/api.ts';
import { contains, phoneJpeg, textPng } from '../../helpers/photo-bytes.ts';
import {
  answers,
  type DocumentsTenant,
  documentsTenant,
  equipmentOf,
  inspect,
  maintain,
  pdfText,
  xlsxRows,
} from '../documents/helpers.ts';
import { otherTenant } from '../equipment/helpers.ts';

/**
 * Photos on inspections and maintenances (issue 29 item 1), over the REST doors the field app
 * uses: multipart upload, location/device EXIF removed, type by bytes (415), size (413), the limit
 * of 10, scope (404), Idempotency-Key replay, the record's lists with signed links, the PDF.
 */
const worker = startWorker({ concurrency: 2 });
afterAll(async () => {
  await worker.close();
  await closeQueue();
});

let t: DocumentsTenant;
let serial: string;
let inspectionId: number;
let maintenanceId: number;
beforeAll(async () => {
  t = await documentsTenant();
  ({ serial } = await equipmentOf(t));
  inspectionId = await inspect(t, serial, { answers: answers(t.catalogue) });
  maintenanceId = await maintain(t, serial, {
    answers: [
      { questionId: t.catalogue.maintenance.recharged, answer: 'YES' },
      { questionId: t.catalogue.maintenance.description, answer: 'Recarga completa' },
    ],
  });
}, 60_000);

interface Upload {
  questionId?: number;
  key?: string;
  name?: string;
  type?: string;
}

/** A multipart POST as a browser sends it (a new boundary each time). */
async function upload(url: string, token: string, bytes: Uint8Array, o: Upload = {}) {
  const form = new FormData();
  form.append('file', new File([Buffer.from(bytes)], o.name ?? 'foto.jpg', { type: o.type ?? 'image/jpeg' }));
  if (o.questionId !== undefined) form.append('questionId', String(o.questionId));
  const headers: Record<string, string> = {
    'X-Forwarded-For': '10.0.29.1',
    Authorization: `Bearer ${token}`,
  };
  if (o.key) headers['Idempotency-Key'] = o.key;
  const res = await testApp().request(url, { method: 'POST', headers, body: form });
  const json = (await res.json()) as { data?: { id: number; url: string }; error?: { code: string } };
  return { status: res.status, json, res };
}

async function photoRows(kind: 'INSPECTION' | 'MAINTENANCE', id: number) {
  return tenantDb(t.schema)
    .selectFrom('record_photos')
    .selectAll()
    .where('record_kind', '=', kind)
    .where('record_id', '=', id)
    .orderBy('position')
    .execute();
}

async function download(url: string) {
  const res = await testApp().request(url);
  return { status: res.status, res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const GPS_PHOTO = () =>
  phoneJpeg({
    make: 'ACMEPHONE',
    gpsText: 'GPSSECRET',
    dateTimeOriginal: '2026:11:20 14:05:09',
    offset: '-03:00',
  });

describe('adding a photo to a record', () => {
  it('stores a phone JPEG without its GPS and device data, keeps the capture time, and lists it with a working link', async () => {
    const photo = GPS_PHOTO();
    const r = await upload(`/web/inspections/${inspectionId}/photos`, t.tokens.operator, photo, {
      questionId: t.catalogue.questions.seal,
    });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    const { id, url } = r.json.data!;
    const [row] = (await photoRows('INSPECTION', inspectionId)).filter((p) => p.id === id);
    expect(row).toMatchObject({
      question_id: t.catalogue.questions.seal,
      content_type: 'image/jpeg',
      width: 16,
      height: 12,
      position: 1,
    });
    expect(row!.taken_at!.toISOString()).toBe('2026-11-20T17:05:09.000Z');
    // The stored file: no location, no device, the capture time still there; the hash is of it.
    const chunks: Buffer[] = [];
    for await (const c of (await fileStore().get(row!.file_key))!) chunks.push(c as Buffer);
    const stored = Buffer.concat(chunks);
    for (const secret of ['GPSSECRET', 'ACMEPHONE', 'XMPSECRET', 'COMMENTSECRET'])
      expect(contains(stored, secret), secret).toBe(false);
    expect(cleanPhoto(stored)!.info.takenAt).toEqual({ local: '2026-11-20T14:05:09', offset: '-03:00' });
    expect(row!.sha256).toBe(createHash('sha256').update(stored).digest('hex'));
    expect(row!.byte_size).toBe(stored.length);
    // The answer's link downloads exactly those bytes, without a session.
    const got = await download(url);
    expect(got.status).toBe(200);
    expect(got.res.headers.get('Content-Type')).toBe('image/jpeg');
    expect(Buffer.from(got.bytes)).toEqual(stored);

    // The record's GET and the equipment's history list it with a link to the same bytes.
    const list = await rest<{ id: number; url: string; questionId: number; takenAt: string }[]>(
      'GET',
      `/web/inspections/${inspectionId}/photos`,
      { token: t.tokens.operator },
    );
    expect(list.status).toBe(200);
    expect(list.json.data!.map((p) => [p.id, p.questionId, p.takenAt])).toEqual([
      [id, t.catalogue.questions.seal, '2026-11-20T17:05:09.000Z'],
    ]);
    expect(Buffer.from((await download(list.json.data![0]!.url)).bytes)).toEqual(stored);
    const history = await rest<{ items: { inspectionId: number; photos: { id: number; url: string }[] }[] }>(
      'GET',
      `/web/equipments/${serial}/inspections`,
      { token: t.tokens.operator },
    );
    const entry = history.json.data!.items.find((i) => i.inspectionId === inspectionId)!;
    expect(entry.photos.map((p) => p.id)).toEqual([id]);
    expect(Buffer.from((await download(entry.photos[0]!.url)).bytes)).toEqual(stored);

    // The seal reads the hashes in order.
    expect(await recordPhotoHashes(tenantDb(t.schema), 'INSPECTION', inspectionId)).toEqual([row!.sha256]);
  });

  it('refuses a link that expired or was altered', async () => {
    const [row] = await photoRows('INSPECTION', inspectionId);
    const expired = signPathUntil(photoFilePath(t.schema, row!.id), Math.floor(Date.now() / 1000) - 1);
    const r1 = await download(expired);
    expect(r1.status).toBe(403);
    expect(JSON.parse(Buffer.from(r1.bytes).toString()).error.code).toBe('RECORD_PHOTO_LINK_INVALID');
    // A valid signature for one photo does not open another id.
    const valid = signPathUntil(photoFilePath(t.schema, row!.id), Math.floor(Date.now() / 1000) + 60);
    const r2 = await download(valid.replace(`/${row!.id}?`, `/${row!.id + 1}?`));
    expect(r2.status).toBe(403);
  });

  it('refuses a renamed text file (415), a file over the limit (413), a missing file and a question of no answer', async () => {
    const before = (await photoRows('MAINTENANCE', maintenanceId)).length;
    const url = `/web/maintenances/${maintenanceId}/photos`;
    const text = new TextEncoder().encode('not a photo, only text renamed to foto.jpg');
    const renamed = await upload(url, t.tokens.operator, text, { name: 'foto.jpg', type: 'image/jpeg' });
    expect(renamed.status).toBe(415);
    expect(renamed.json.error?.code).toBe('RECORD_PHOTO_INVALID_TYPE');
    const big = new Uint8Array(RECORD_PHOTO_MAX_BYTES + 1);
    big.set(GPS_PHOTO());
    const tooLarge = await upload(url, t.tokens.operator, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.error?.code).toBe('RECORD_PHOTO_TOO_LARGE');
    const missing = await rest('POST', url, { token: t.tokens.operator, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.error?.code).toBe('RECORD_PHOTO_MISSING');
    const wrongQuestion = await upload(url, t.tokens.operator, GPS_PHOTO(), { questionId: 2 ** 31 - 1 });
    expect(wrongQuestion.status).toBe(400);
    expect(wrongQuestion.json.error?.code).toBe('RECORD_PHOTO_QUESTION_NOT_IN_RECORD');
    expect((await photoRows('MAINTENANCE', maintenanceId)).length).toBe(before);
  });

  it('answers 404 for a record of another company, another tenant or no record, and stores nothing', async () => {
    const foreign = await otherTenant();
    const callers = {
      operatorB: t.tokens.operatorB,
      otherTenant: await loginAs(foreign.email, 'Demo@123'),
    };
    const before = (await photoRows('INSPECTION', inspectionId)).length;
    for (const [who, token] of Object.entries(callers)) {
      for (const url of [
        `/web/inspections/${inspectionId}/photos`,
        `/web/maintenances/${maintenanceId}/photos`,
      ]) {
        const r = await upload(url, token, GPS_PHOTO());
        expect(r.status, `${who} ${url}`).toBe(404);
        expect(r.json.error?.code).toBe('NOT_FOUND');
        const list = await rest('GET', url, { token });
        expect(list.status, `${who} GET ${url}`).toBe(404);
      }
    }
    const unknown = await upload(`/web/inspections/${2 ** 31 - 1}/photos`, t.tokens.operator, GPS_PHOTO());
    expect(unknown.status).toBe(404);
    expect((await photoRows('INSPECTION', inspectionId)).length).toBe(before);
  });

  it('replays an upload resent with the same Idempotency-Key: same photo, one row, one file', async () => {
    const url = `/web/maintenances/${maintenanceId}/photos`;
    const key = `photo-${maintenanceId}-${Date.now()}`;
    const png = textPng('PNGSECRET');
    const first = await upload(url, t.tokens.operator, png, { key, type: 'image/png', name: 'a.png' });
    expect(first.status).toBe(201);
    // A resend after the app restarted: the same form, a new multipart boundary.
    const again = await upload(url, t.tokens.operator, png, { key, type: 'image/png', name: 'a.png' });
    expect(again.status).toBe(201);
    expect(again.res.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.json.data!.id).toBe(first.json.data!.id);
    const rows = (await photoRows('MAINTENANCE', maintenanceId)).filter(
      (r) => r.content_type === 'image/png',
    );
    expect(rows.map((r) => r.id)).toEqual([first.json.data!.id]);
    const files = await fileStore().list(`photos/${t.schema}/maintenance/${maintenanceId}/`);
    expect(files.length).toBe((await photoRows('MAINTENANCE', maintenanceId)).length);
    // Another photo under the same key is refused, not stored.
    const other = await upload(url, t.tokens.operator, GPS_PHOTO(), { key });
    expect(other.status).toBe(409);
    expect(other.json.error?.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('takes at most 10 photos per record, also when they arrive at once (tRPC too)', async () => {
    const id = await inspect(t, serial, { answers: answers(t.catalogue) });
    const url = `/web/inspections/${id}/photos`;
    const api = trpcClient(t.tokens.operator);
    const base64 = Buffer.from(GPS_PHOTO()).toString('base64');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 3 === 0
          ? api.photos.add
              .mutate({ kind: 'INSPECTION', id, base64 })
              .then(() => 201)
              .catch((e: { data?: { code?: string } }) => e.data?.code ?? 'error')
          : upload(url, t.tokens.operator, GPS_PHOTO()).then((r) =>
              r.status === 201 ? 201 : r.json.error?.code,
            ),
      ),
    );
    expect(results.filter((s) => s === 201).length).toBe(10);
    expect(results.filter((s) => s !== 201)).toEqual(['RECORD_PHOTO_LIMIT', 'RECORD_PHOTO_LIMIT']);
    const rows = await photoRows('INSPECTION', id);
    expect(rows.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const eleventh = await upload(url, t.tokens.operator, GPS_PHOTO());
    expect(eleventh.status).toBe(409);
    expect(eleventh.json.error?.code).toBe('RECORD_PHOTO_LIMIT');
    // Refused uploads left no file behind.
    expect((await fileStore().list(`photos/${t.schema}/inspection/${id}/`)).length).toBe(10);
  });
});

describe('photos in the record’s documents', () => {
  it('the PDF embeds the images themselves, two per row, and the sheet counts them as the PDF does', async () => {
    const id = await inspect(t, serial, { answers: answers(t.catalogue) });
    const plainPdf = await rest('GET', `/web/inspections/${id}/pdf`, { token: t.tokens.operator });
    expect(plainPdf.status).toBe(200);
    const sheetOf = async () => {
      const sheet = await rest('GET', `/web/inspections/${id}/excel`, { token: t.tokens.operator });
      expect(sheet.status).toBe(200);
      return xlsxRows(new Uint8Array(await sheet.res.arrayBuffer()));
    };
    const photoCountRows = (rows: unknown[][]) => rows.filter((r) => r[0] === 'Fotos anexadas');
    // Without photos neither the PDF nor the sheet has the photos' section.
    const plainBytes = new Uint8Array(await plainPdf.res.arrayBuffer());
    expect(pdfText(plainBytes)).not.toContain('Fotos anexadas');
    expect(photoCountRows(await sheetOf())).toEqual([]);
    const imagesOf = async (bytes: Uint8Array) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'photos-pdf-'));
      writeFileSync(path.join(dir, 'r.pdf'), bytes);
      return execFileSync('pdfimages', ['-list', path.join(dir, 'r.pdf')])
        .toString()
        .split('\n')
        .slice(2)
        .filter((l) => l.trim())
        .map((l) => l.trim().split(/\s+/));
    };
    const before = await imagesOf(plainBytes);
    for (let i = 0; i < 3; i++)
      expect((await upload(`/web/inspections/${id}/photos`, t.tokens.operator, GPS_PHOTO())).status).toBe(
        201,
      );
    expect(
      (await upload(`/web/inspections/${id}/photos`, t.tokens.operator, textPng('x'), { type: 'image/png' }))
        .status,
    ).toBe(201);
    const pdf = await rest('GET', `/web/inspections/${id}/pdf`, { token: t.tokens.operator });
    expect(pdf.status).toBe(200);
    const pdfBytes = new Uint8Array(await pdf.res.arrayBuffer());
    const after = await imagesOf(pdfBytes);
    // pdfimages -list: page num type width height color comp bpc enc … (a PNG's alpha is its own smask)
    const images = (rows: string[][]) => rows.filter((l) => l[2] === 'image');
    expect(images(after).length - images(before).length).toBe(4);
    const sized = (rows: string[][], w: string, h: string, enc: string) =>
      images(rows).filter((l) => l[3] === w && l[4] === h && l[8] === enc).length;
    expect(sized(after, '16', '12', 'jpeg') - sized(before, '16', '12', 'jpeg')).toBe(3);
    expect(sized(after, '5', '3', 'image') - sized(before, '5', '3', 'image')).toBe(1);
    // The PDF says "Fotos anexadas 4"; the sheet says the same in its label/value row.
    expect(pdfText(pdfBytes)).toContain('Fotos anexadas 4');
    expect(photoCountRows(await sheetOf()).map((r) => String(r[1]))).toEqual(['4']);
  }, 60_000);
});
