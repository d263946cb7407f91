/**
 * Evidence figures (issue 29 item 6; `npm run bench -- evidence`). The product runs in a process of
 * its own (tests/e2e/product-child.ts: the browser tests' start — built client, throwaway database
 * seeded with the demo, server and worker on a free port); this process drives it:
 *
 * 1. Ten photos from a phone over a throttled link: Chromium (playwright-core) at phone size, the
 *    operator's inspection form, ten 4000×3000 camera-like JPEGs (made here with ImageMagick) set on
 *    the photo input — resized on the device to ≤ 1600 px JPEG — and the link throttled through CDP
 *    (`Network.emulateNetworkConditions`, PROFILE below). Time from the save click to the record
 *    and its ten photos in the database, online; and, the photos taken offline, from the reconnect
 *    (throttled) to the same. RUNS (3) runs each.
 * 2. The inspection's PDF with 10 photos and a seal with two signatures (bench/evidence-pdf.ts, a
 *    fresh process per record, the job's load and render), the same record without photos beside
 *    it; images counted in the file with `pdfimages -list`.
 * 3. Storage: INSPECTIONS (100) inspections made through the REST API on the running server, each
 *    with 10 photos (multipart) and sealed with two signatures; bytes in the file store and in the
 *    tables (indexes included) per row, extrapolated to 1,000 inspections with 10 and 3 photos.
 *
 * Everything is torn down at the end (browser, product process, its database, data dir and build).
 * The steps are in bench/evidence/: `product.ts` (the product process and the demo data),
 * `phone.ts` (1), `storage.ts` (the REST records of 2 and 3), `pdf.ts` (2), `report.ts` (the
 * tables), `fixtures.ts` (photos, signatures, file sizes), `common.ts` (settings, formats).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/e2e/chromium.ts';
import { mb, median, secs } from './evidence/common.ts';
import { cameraPhotos } from './evidence/fixtures.ts';
import { recordPdfs } from './evidence/pdf.ts';
import { phoneRuns } from './evidence/phone.ts';
import { openProduct, startProductProcess, stopProductProcess } from './evidence/product.ts';
import { printReport } from './evidence/report.ts';
import { storeInspections } from './evidence/storage.ts';

const photoDir = mkdtempSync(path.join(tmpdir(), 'eqc-evidence-photos-'));
let browser: Browser | undefined;
let cleanDb: (() => Promise<void>) | undefined;

async function main() {
  let t = performance.now();
  const photos = cameraPhotos(photoDir);
  const sizes = photos.map((p) => p.bytes.length);
  console.log(
    `10 camera-like photos 4000×3000, JPEG q92: ${mb(Math.min(...sizes))}–${mb(Math.max(...sizes))} each, median ${mb(median(sizes))} (made in ${secs(performance.now() - t)})`,
  );
  t = performance.now();
  const { url, env } = await startProductProcess();
  console.log(
    `product started in its own process at ${url} (${secs(performance.now() - t)}, client build included)`,
  );
  const product = await openProduct(url, env, (close) => {
    cleanDb = close;
  });

  // 1. ten photos from a phone, throttled
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const runs = await phoneRuns(browser, product, photos);
  await browser.close();
  browser = undefined;

  // 2 and 3. inspections over REST: 10 photos each (as the phone stored them) and a seal
  const resized = await product.photosOf(runs[0]!.inspectionId);
  const resizedBytes = resized.map((r) => readFileSync(path.join(env.DATA_DIR!, r.file_key)));
  const stored = await storeInspections(product, resizedBytes);
  const pdfs = recordPdfs(product, stored.made[0]!, stored.bareId);

  printReport({ runs, cameraSizes: sizes, resized, pdfs, stored });
}

let failed = false;
try {
  await main();
} catch (e) {
  failed = true;
  console.error(e);
} finally {
  await browser?.close().catch(() => undefined);
  await cleanDb?.().catch(() => undefined);
  await stopProductProcess();
  rmSync(photoDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
