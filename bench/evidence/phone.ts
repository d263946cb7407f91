/**
 * Step 1: ten photos from a phone over a throttled link. Chromium at phone size, the operator's
 * inspection form, the ten camera photos set on the photo input (resized on the device) and the
 * link throttled through CDP (PROFILE); the time from the save click (online) or the reconnect
 * (offline) to the record and its ten photos in the database.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO, login, PHONE, waitForHash } from '../../tests/e2e/chromium.ts';
import { mb, PHOTOS, PROFILE, RUNS, SYNC_BOUND_MS, secs, until } from './common.ts';
import type { Product } from './product.ts';

export type Mode = 'online' | 'offline';

export interface Run {
  mode: Mode;
  resizeMs: number;
  recordMs: number;
  syncedMs: number;
  photoBytes: number[];
  wireBytes: number;
  uploads: number;
  inspectionId: number;
}

/** RUNS runs of each of MODES (default online, offline), each logged as it ends. */
export async function phoneRuns(browser: Browser, p: Product, photos: { file: string }[]): Promise<Run[]> {
  const runs: Run[] = [];
  const modes = (process.env.MODES ?? 'online,offline').split(',') as Mode[];
  for (const mode of modes)
    for (let i = 0; i < RUNS; i++) {
      const r = await phoneRun(browser, p, photos, mode);
      console.log(
        `  ${mode} run ${i + 1}: record ${secs(r.recordMs)}, record + ${PHOTOS} photos ${secs(r.syncedMs)}, ${r.uploads} uploads, ${mb(r.wireBytes)} on the wire, resize ${secs(r.resizeMs)}`,
      );
      runs.push(r);
    }
  return runs;
}

async function phoneRun(browser: Browser, p: Product, photos: { file: string }[], mode: Mode): Promise<Run> {
  const { db } = p;
  const { serial, id: equipmentId } = await p.newEquipment();
  const context: BrowserContext = await browser.newContext({
    baseURL: p.url,
    viewport: PHONE,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    // Requests a service worker makes are outside the page's network emulation: none here, so
    // every request of the sync goes through the throttled link (nothing is cached offline).
    serviceWorkers: 'block',
  });
  context.setDefaultTimeout(60_000);
  const page: Page = await context.newPage();
  try {
    await login(page, DEMO.operator);
    await page.getByTestId('scan-top-bar').click();
    await page.getByTestId('scan-serial').fill(serial);
    await page.getByTestId('scan-serial-submit').click();
    await waitForHash(page, `/t/${serial}`, 60_000);
    await page.getByTestId('field-action-inspect').click();
    const form = page.getByTestId('inspect-form');
    await form.waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable', { maxPostDataSize: 20 * 1024 * 1024 });
    const link = (offline: boolean) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline,
        latency: PROFILE.latency,
        downloadThroughput: PROFILE.downloadThroughput,
        uploadThroughput: PROFILE.uploadThroughput,
      });
    await link(mode === 'offline');
    if (mode === 'offline')
      await page.getByTestId('offline-banner').getByText('Sem conexão').waitFor({ timeout: 30_000 });
    // Answered after the link drops: answers given before it were found cleared when the phone
    // went offline with the form open (see the notes of the bench).
    await page.getByTestId('answer-0-YES').click();
    await form.getByRole('radio', { name: 'Conforme' }).click();
    await page.getByTestId('answer-2-text').fill('Lacre e manômetro fotografados');
    await page.getByTestId('answer-3-YES').click();

    // The ten photos "taken" at once (several files on the camera input), resized on the device.
    const r0 = Date.now();
    await page.getByTestId('photo-input').setInputFiles(photos.map((ph) => ph.file));
    await page.getByTestId(`photo-${PHOTOS - 1}`).waitFor({ timeout: 180_000 });
    const resizeMs = Date.now() - r0;

    // Each photo upload's body as it leaves the page (the CDP event carries it whole, up to the
    // size Network.enable allows; else asked for).
    const bodies: Promise<number>[] = [];
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!/^\/web\/inspections\/\d+\/photos$/.test(new URL(e.request.url).pathname)) return;
      bodies.push(
        e.request.postData !== undefined
          ? Promise.resolve(Buffer.byteLength(e.request.postData))
          : cdp
              .send('Network.getRequestPostData', { requestId: e.requestId })
              .then((r) => Buffer.byteLength(r.postData))
              .catch(() => 0),
      );
    });
    const inspection = () =>
      db.selectFrom('inspections').select('id').where('equipment_id', '=', equipmentId).executeTakeFirst();
    const photoCount = async (id: number) =>
      Number(
        (
          await db
            .selectFrom('record_photos')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('record_kind', '=', 'INSPECTION')
            .where('record_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );

    let t0: number;
    if (mode === 'online') {
      t0 = Date.now();
      await page.getByTestId('inspect-submit').click();
    } else {
      await page.getByTestId('inspect-submit').click();
      await page.getByTestId('field-success').getByText('Salvo no aparelho: aguardando envio.').waitFor();
      if (await inspection()) throw new Error('an offline record reached the server');
      t0 = Date.now();
      await link(false);
    }
    const found = await until('the inspection on the server', inspection, SYNC_BOUND_MS);
    const recordMs = Date.now() - t0;
    await until(
      `${PHOTOS} photos on the server`,
      async () => ((await photoCount(found.id)) >= PHOTOS ? true : null),
      SYNC_BOUND_MS,
    );
    const syncedMs = Date.now() - t0;
    // The phone agrees: nothing waits in its outbox (the banner is gone).
    await page.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 60_000 });
    const rows = await p.photosOf(found.id);
    if (rows.length !== PHOTOS) throw new Error(`${rows.length} photos stored, expected ${PHOTOS}`);
    const tooBig = rows.filter((r) => Math.max(r.width, r.height) > 1600);
    if (tooBig.length) throw new Error(`photos stored larger than 1600 px: ${JSON.stringify(tooBig)}`);
    const sent = await Promise.all(bodies);
    await cdp.detach();
    return {
      mode,
      resizeMs,
      recordMs,
      syncedMs,
      photoBytes: rows.map((r) => r.byte_size),
      wireBytes: sent.reduce((a, b) => a + b, 0),
      uploads: sent.length,
      inspectionId: found.id,
    };
  } catch (e) {
    // What the phone showed when it failed, to see why.
    const shot = path.join(tmpdir(), `eqc-evidence-${mode}-failure.png`);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    console.error(`${mode} run failed; the page: ${shot}`);
    throw e;
  } finally {
    await context.close();
  }
}
