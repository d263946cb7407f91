/**
 * Photos and signatures taken offline (issue 29 items 1, 2 and the test of item 5), in Chromium at
 * phone size: the operator prepares the phone, goes offline, inspects a tag with a photo (a PNG set
 * on the file input, resized to JPEG on the device) and the technician's signature (drawn with the
 * mouse), and the record waits on the phone with its photo. Back online, the first photo upload's
 * answer is dropped once (it reached the server; the phone never heard back): the retry under the
 * same key is replayed by the server. The server then holds exactly one inspection, one photo row
 * and one seal, and the record's PDF embeds the photo and the signature (pdfimages -list).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantDb } from '../../src/server/db/database.ts';
import { loginAs, trpcClient } from '../helpers/api.ts';
import { type Catalogue, createTag, goodAnswers, register } from '../integration/equipment/helpers.ts';
import { baseUrl, DEMO, login, waitForHash } from './browser.ts';
import { controlledByWorker, type PhoneFixture, prepare, sendQueued, setUpPhones } from './phone.ts';

const { phone, ready } = setUpPhones();
let demo: PhoneFixture['demo'];
let c: Catalogue;
beforeAll(() => {
  ({ demo, c } = ready());
});

/** A 2400×1800 PNG drawn in the page (bigger than 1600 px, so the device must resize it). */
async function bigPng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 2400;
    canvas.height = 1800;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#c0392b';
    g.fillRect(0, 0, 2400, 1800);
    g.fillStyle = '#f1c40f';
    g.fillRect(600, 450, 1200, 900);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

/** The image rows of `pdfimages -list` (a PNG's alpha is its own smask row, not counted). */
function pdfImages(bytes: Uint8Array): string[][] {
  const dir = mkdtempSync(path.join(tmpdir(), 'field-photos-pdf-'));
  writeFileSync(path.join(dir, 'r.pdf'), bytes);
  return execFileSync('pdfimages', ['-list', path.join(dir, 'r.pdf')])
    .toString()
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => l.trim().split(/\s+/))
    .filter((l) => l[2] === 'image');
}

async function pdfOf(token: string, id: number): Promise<Uint8Array> {
  const res = await fetch(new URL(`/web/inspections/${id}/pdf`, baseUrl()), {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe('photos and signatures offline', () => {
  it('a photo and a signature taken offline reach the server once and appear in the record’s PDF', async () => {
    const company = await loginAs(DEMO.companyAdmin);
    const serial = await createTag(demo);
    const equipmentId = await register(company, { tagSerialNumber: serial, productId: c.productId });

    const { context, page } = await phone();
    await login(page, DEMO.operator);
    await controlledByWorker(page);
    await prepare(page);
    const png = await bigPng(page);

    // Offline: the tag from the cached set, the inspection with a photo and a signature.
    await context.setOffline(true);
    const banner = page.getByTestId('offline-banner');
    await banner.getByText('Sem conexão').waitFor();
    await page.getByTestId('scan-top-bar').click();
    await page.getByTestId('scan-serial').fill(serial);
    await page.getByTestId('scan-serial-submit').click();
    await waitForHash(page, `/t/${serial}`);
    await page.getByTestId('field-action-inspect').click();
    const form = page.getByTestId('inspect-form');
    await form.waitFor();
    await page.getByTestId('answer-0-YES').click();
    await form.getByRole('radio', { name: 'Conforme' }).click();
    await page.getByTestId('answer-2-text').fill('Lacre fotografado sem sinal');
    await page.getByTestId('answer-3-YES').click();

    await page
      .getByTestId('photo-input')
      .setInputFiles({ name: 'lacre.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('photo-0').waitFor();
    await page.getByTestId('sign-record').click();
    expect(await page.getByTestId('sign-technician-name').inputValue()).not.toBe('');
    const pad = page.getByTestId('sign-technician-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++)
      await page.mouse.move(box.x + box.width * (0.1 + i * 0.06), box.y + box.height * (i % 2 ? 0.3 : 0.7));
    await page.mouse.up();
    await page.getByTestId('inspect-submit').click();
    await page.getByTestId('field-success').getByText('Salvo no aparelho: aguardando envio.').waitFor();
    await banner.getByText('1 registro aguardando envio').waitFor();

    // The record waits on the phone with its photo: a JPEG, its longest side 1600 px.
    const queued = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open('equipcheck-offline');
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      const rows = await new Promise<{ attachments?: { photos: { blob: Blob }[]; signatures: unknown } }[]>(
        (resolve, reject) => {
          const r = db.transaction('outbox').objectStore('outbox').getAll();
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        },
      );
      db.close();
      const photo = rows[0]?.attachments?.photos[0]?.blob;
      const bitmap = photo ? await createImageBitmap(photo) : null;
      return {
        records: rows.length,
        photos: rows[0]?.attachments?.photos.length ?? 0,
        signed: rows[0]?.attachments?.signatures != null,
        type: photo?.type,
        size: bitmap ? [bitmap.width, bitmap.height] : null,
      };
    });
    expect(queued).toEqual({ records: 1, photos: 1, signed: true, type: 'image/jpeg', size: [1600, 1200] });

    const db = tenantDb(demo.schema);
    const inspections = () =>
      db.selectFrom('inspections').select('id').where('equipment_id', '=', equipmentId).execute();
    expect(await inspections()).toHaveLength(0);

    // Back online; the first photo upload reaches the server but its answer is lost on the way back.
    const photoKeys: string[] = [];
    const dropFirstAnswer = async (route: Route) => {
      photoKeys.push(route.request().headers()['idempotency-key'] ?? '');
      if (photoKeys.length === 1) {
        const answer = await route.fetch();
        expect(answer.status()).toBe(201);
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    };
    await page.route((url) => /^\/web\/inspections\/\d+\/photos$/.test(url.pathname), dropFirstAnswer);
    await context.setOffline(false);
    await expect.poll(async () => photoKeys.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    // "Enviar agora" (or the 30-second retry) resumes at the photo, under the same key.
    await sendQueued(page, 40_000);

    const rows = await inspections();
    expect(rows).toHaveLength(1);
    const id = rows[0]!.id;
    expect(photoKeys).toHaveLength(2);
    expect(photoKeys[1]).toBe(photoKeys[0]);
    expect(photoKeys[0]).toMatch(/^[0-9a-f-]{36}:photo:0$/);
    const photos = await db
      .selectFrom('record_photos')
      .select(['id', 'question_id'])
      .where('record_kind', '=', 'INSPECTION')
      .where('record_id', '=', id)
      .execute();
    expect(photos).toHaveLength(1);
    const seals = await db
      .selectFrom('record_seals')
      .select(['code', 'technician_name'])
      .where('kind', '=', 'INSPECTION')
      .where('record_id', '=', id)
      .execute();
    expect(seals).toHaveLength(1);

    // The PDF: the same images as an unsigned inspection without photos, plus the photo (a 1600×1200
    // JPEG) and the technician's signature.
    const operator = await loginAs(DEMO.operator);
    const plain = await trpcClient(operator).equipment.inspect.mutate({
      tag: serial,
      answers: goodAnswers(c),
    });
    const before = pdfImages(await pdfOf(operator, plain.id));
    const after = pdfImages(await pdfOf(operator, id));
    expect(after.length).toBe(before.length + 2);
    expect(after.filter((l) => l[3] === '1600' && l[4] === '1200' && l[8] === 'jpeg')).toHaveLength(1);
  }, 180_000);
});
