/**
 * Working without signal (issue 20), in Chromium at phone size:
 * - installability as a Lighthouse-style check: the manifest (name, icons that are real PNGs of
 *   their stated sizes, start_url, display standalone, theme colour), the service worker active and
 *   controlling the page after a reload, and the app shell opening with the network switched off;
 * - the operator prepares the phone (working-set download), goes offline (`context.setOffline`),
 *   types a serial, inspects twice from the cached questions → the banner says 2 waiting; back online
 *   with the first POST's answer dropped once (it reached the server, the phone never heard back) →
 *   both inspections exist exactly once on the server, typed (TYPED), dated when made;
 * - an offline registration on a tag the cached set lists as unused, while someone registers that
 *   tag on the server: the conflict comes back refused (TAG_ALREADY_USED) and is shown in the queue,
 *   never overwritten, and the user discards it after confirming;
 * - a record refused because the question set changed meanwhile: its reason shown, fixed in its
 *   form (prefilled with what was answered), then sent;
 * - without "Preparar" (issue 26 item 11): a tag opened online works offline later (it was kept with
 *   its forms), and an operator signing in on a touch phone gets the whole set prepared in the
 *   background (read from IndexedDB), so a tag never opened works offline too;
 * - proof of presence on the screens: the inspection report flags a typed inspection (tooltip on
 *   keyboard focus), the never-scanned filter ("Não escaneado desde") lists it and not a scanned
 *   one, and the equipment dialog's record says how the tag was identified.
 */
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantDb } from '../../src/server/db/database.ts';
import { todayIn } from '../../src/shared/equipment/status.ts';
import { loginAs, rest, trpcClient } from '../helpers/api.ts';
import {
  type Catalogue,
  createTag,
  extinguisherCatalogue,
  goodAnswers,
  register,
} from '../integration/equipment/helpers.ts';
import { baseUrl, DEMO, login, waitForHash } from './browser.ts';
import { controlledByWorker, type PhoneFixture, prepare, sendQueued, setUpPhones } from './phone.ts';

const { phone, closeAll, ready } = setUpPhones();
let demo: PhoneFixture['demo'];
let c: Catalogue;
beforeAll(() => {
  ({ demo, c } = ready());
});

/** Width and height of a PNG, from its IHDR chunk (after checking the signature). */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  expect([...bytes.subarray(0, 8)]).toEqual(signature);
  expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe('IHDR');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Answers the catalogue's questions in the (cached) inspect form and saves. */
async function inspect(page: Page, note: string): Promise<void> {
  await page.getByTestId('field-action-inspect').click();
  const form = page.getByTestId('inspect-form');
  await form.waitFor();
  await page.getByTestId('answer-0-YES').click();
  await form.getByRole('radio', { name: 'Conforme' }).click();
  await page.getByTestId('answer-2-text').fill(note);
  await page.getByTestId('answer-3-YES').click();
  await page.getByTestId('inspect-submit').click();
  await page.getByTestId('field-success').getByText('Salvo no aparelho: aguardando envio.').waitFor();
}

/** What the phone's offline store holds (read in the page, from IndexedDB). */
async function offlineStore(page: Page) {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('equipcheck-offline');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const all = (store: string) =>
      new Promise<unknown[]>((resolve, reject) => {
        if (!db.objectStoreNames.contains(store)) return resolve([]);
        const r = db.transaction(store).objectStore(store).getAll();
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    const [sets, equipment, recentTags, downloads] = await Promise.all([
      all('sets'),
      all('equipment'),
      all('recentTags'),
      all('downloads'),
    ]);
    db.close();
    return {
      sets: (
        sets as {
          key: string;
          equipmentCount: number;
          unusedCount: number;
          downloadedAt: string;
          gen: number;
        }[]
      ).map((x) => ({
        key: x.key,
        equipmentCount: x.equipmentCount,
        unusedCount: x.unusedCount,
        downloadedAt: x.downloadedAt,
        gen: x.gen,
      })),
      equipment: (equipment as { serial: string }[]).map((x) => x.serial),
      recentTags: (recentTags as { serial: string; type: { questions: unknown[] } }[]).map((x) => ({
        serial: x.serial,
        questions: x.type.questions.length,
      })),
      downloads: downloads.length,
      /** a background download's place: items done of total */
      progress: (downloads as { done: number; total: number }[]).map((d) => `${d.done}/${d.total}`),
    };
  });
}

/** The answers of every inspection of an equipment on the server (one list per inspection). */
async function notesOf(equipmentId: number): Promise<string[]> {
  const rows = await tenantDb(demo.schema)
    .selectFrom('inspections')
    .select('answers')
    .where('equipment_id', '=', equipmentId)
    .execute();
  return rows.flatMap((r) => (r.answers as { answer: string }[]).map((a) => a.answer));
}

describe('installable app (PWA)', () => {
  it('manifest with real icons, an active service worker controlling the page, the shell offline', async () => {
    const res = await fetch(new URL('/manifest.webmanifest', baseUrl()));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest.name).toMatch(/^EquipCheck/);
    expect(manifest.short_name).toBe('EquipCheck');
    expect(manifest.start_url).toBe('/#/');
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toBe('#0f4c5c');
    const sizes = new Set<string>();
    for (const icon of manifest.icons) {
      const r = await fetch(new URL(icon.src, baseUrl()));
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/png');
      const { width, height } = pngSize(new Uint8Array(await r.arrayBuffer()));
      expect(`${width}x${height}`).toBe(icon.sizes);
      sizes.add(`${icon.sizes} ${icon.purpose ?? 'any'}`);
    }
    // Lighthouse's installability: a 192 and a 512 icon; maskable ones for Android's launchers.
    expect([...sizes].sort()).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);

    const sw = await fetch(new URL('/sw.js', baseUrl()));
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    const source = await sw.text();
    // the precache lists the shell and the manifest (Workbox's manifest, injected at build)
    expect(source).toContain('"/index.html"');
    expect(source).toContain('"/manifest.webmanifest"');

    const { page, context } = await phone();
    await page.goto('/#/');
    await page.getByTestId('login-form').waitFor();
    // the page links the manifest, as the browser's install prompt needs
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    expect(await controlledByWorker(page)).toBe(new URL('/sw.js', baseUrl()).href);

    // No network at all: the app shell still opens (index.html and the scripts from the precache).
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('login-form').waitFor();
    await context.setOffline(false);
    await closeAll();
  });
});

describe('working without signal', () => {
  it('typed serial offline, two inspections → "2 waiting"; online with the first answer lost → each arrives once', async () => {
    const company = await loginAs(DEMO.companyAdmin);
    const serial = await createTag(demo);
    const equipmentId = await register(company, { tagSerialNumber: serial, productId: c.productId });

    const { page, context } = await phone();
    await login(page, DEMO.operator);
    await controlledByWorker(page);
    await prepare(page);
    const summary = (await page.getByTestId('working-set-summary').textContent()) ?? '';
    expect(summary).toMatch(
      /^Baixados em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}: [\d.]+ equipamentos? e [\d.]+ etiquetas? livres? \([\d,]+ (kB|MB)\)\.$/,
    );

    // Offline: the banner says so; the typed serial opens the tag from the cached set.
    await context.setOffline(true);
    const banner = page.getByTestId('offline-banner');
    await banner.getByText('Sem conexão').waitFor();
    await page.getByTestId('scan-top-bar').click();
    await page.getByTestId('scan-serial').fill(serial.toLowerCase());
    await page.getByTestId('scan-serial-submit').click();
    await waitForHash(page, `/t/${serial}`);
    await page.locator('[data-testid="tag-card"][data-source="offline"]').waitFor();
    await page.getByTestId('field-offline').waitFor();
    expect(await page.getByTestId('tag-product').textContent()).toBe(
      `Extintor PQS ${c.names.seal.split(' ').at(-1)}`,
    );

    const before = Date.now();
    await inspect(page, 'Primeira inspeção sem sinal');
    await banner.getByText('1 registro aguardando envio').waitFor();
    await inspect(page, 'Segunda inspeção sem sinal');
    await banner.getByText('2 registros aguardando envio').waitFor();
    await page
      .getByTestId('field-pending-here')
      .getByText('2 registros desta etiqueta aguardando envio.')
      .waitFor();

    // A reload without signal: the shell from the service worker, the user and the queue from the phone.
    await page.reload();
    await banner.getByText('2 registros aguardando envio').waitFor();
    await page.locator('[data-testid="tag-card"][data-source="offline"]').waitFor();

    // Nothing reached the server yet.
    const db = tenantDb(demo.schema);
    const recorded = () =>
      db
        .selectFrom('inspections')
        .select(['id', 'identified_by', 'performed_at', 'scanned_at'])
        .where('equipment_id', '=', equipmentId)
        .orderBy('performed_at')
        .execute();
    expect(await recorded()).toHaveLength(0);

    // Back online, the first POST reaches the server but its answer is dropped on the way back.
    let dropped = 0;
    const keys: string[] = [];
    const dropFirstAnswer = async (route: Route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (dropped === 0) {
        dropped++;
        const answer = await route.fetch();
        expect(answer.status()).toBe(200);
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    };
    await page.route((url) => url.pathname === '/trpc/equipment.inspect', dropFirstAnswer);
    await context.setOffline(false);
    // The pass stopped at the lost answer (nothing overtakes it); the server has one inspection.
    await page.waitForFunction(() => {
      const b = document.querySelector('[data-testid="offline-banner"]');
      return b?.getAttribute('data-online') === 'true' && b.getAttribute('data-waiting') === '2';
    });
    await expect.poll(async () => (await recorded()).length).toBe(1);
    expect(dropped).toBe(1);
    // "Enviar agora": the first again under its own key (the server answers it once), then the second.
    await sendQueued(page);

    const rows = await recorded();
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.identified_by)).toEqual(['TYPED', 'TYPED']);
    for (const r of rows) {
      // dated when made on the phone, before it came back online
      expect(new Date(r.performed_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(new Date(r.scanned_at!).getTime()).toBeLessThanOrEqual(new Date(r.performed_at).getTime());
    }
    // three POSTs: the lost one and its retry under the same key, then the second record's
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);

    const operator = await loginAs(DEMO.operator);
    const history = await trpcClient(operator).equipment.inspections.query({ tag: serial });
    expect(history.items).toHaveLength(2);
    expect(history.items.every((i) => i.identifiedBy === 'TYPED' && i.presence.typed)).toBe(true);
    const notes = history.items.flatMap((i) => i.questionsAnswers.map((a) => a.answer));
    expect(notes.filter((n) => n === 'Primeira inspeção sem sinal')).toHaveLength(1);
    expect(notes.filter((n) => n === 'Segunda inspeção sem sinal')).toHaveLength(1);
    await closeAll();
  });

  it('offline registration on a tag used meanwhile: refused as a conflict, shown, discarded after confirming', async () => {
    const serial = await createTag(demo);
    const { page, context } = await phone();
    await login(page, DEMO.operator);
    await prepare(page);

    await context.setOffline(true);
    await page.goto(`/#/t/${serial}`);
    await page.locator('[data-testid="tag-card"][data-source="offline"]').waitFor();
    await page.getByTestId('tag-unused').waitFor();
    await page.getByTestId('field-action-register').click();
    const form = page.getByTestId('register-form');
    await form.waitFor();
    await page.getByTestId('register-product').click();
    const tag = c.names.seal.split(' ').at(-1)!;
    await page.getByRole('option', { name: new RegExp(`Extintor PQS ${tag}`) }).click();
    await page.locator('#register-extra-label').fill('Garagem, subsolo 2');
    await form.getByRole('button', { name: 'Cadastrar' }).click();
    await page.getByTestId('field-success').getByText('Salvo no aparelho: aguardando envio.').waitFor();
    await page.getByTestId('tag-pending-register').waitFor();
    await page.getByTestId('offline-banner').getByText('1 registro aguardando envio').waitFor();

    // Meanwhile the tag is used on the server (another product, another label).
    const company = await loginAs(DEMO.companyAdmin);
    const theirs = await register(company, {
      tagSerialNumber: serial,
      productId: c.noDueId,
      extraLabel: 'Registrada por outra pessoa',
    });

    await context.setOffline(false);
    const banner = page.getByTestId('offline-banner');
    await banner.getByText('1 registro recusado').waitFor();
    await banner.getByTestId('offline-banner-open').click();
    await waitForHash(page, '/offline');
    const item = page.locator('[data-testid="offline-record"][data-status="refused"]');
    await item.waitFor();
    expect(await item.getAttribute('data-serial')).toBe(serial);
    await item.getByText('Conflito: a etiqueta já foi usada por outro equipamento.').waitFor();
    await item.getByText(`A tag ${serial} já está em uso por outro equipamento`).waitFor();

    // The server's equipment is untouched.
    const db = tenantDb(demo.schema);
    const onServer = await db
      .selectFrom('equipment')
      .select(['id', 'extra_label', 'product_id'])
      .where('id', '=', theirs)
      .executeTakeFirstOrThrow();
    expect(onServer).toMatchObject({ extra_label: 'Registrada por outra pessoa', product_id: c.noDueId });

    // Discard: asked first; cancelling keeps it, confirming removes it.
    await item.getByTestId('offline-record-discard').click();
    const dialog = page.getByTestId('offline-discard-dialog');
    await dialog.getByText(`O registro de cadastro da etiqueta ${serial}, feito em`).waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid="offline-record"]').count()).toBe(1);
    await item.getByTestId('offline-record-discard').click();
    await page.getByTestId('offline-discard-confirm').click();
    await page.getByTestId('offline-queue-empty').waitFor();
    await banner.waitFor({ state: 'detached' });
    await closeAll();
  });

  it('a record refused because the question set changed is fixed in its form (prefilled) and then sent once', async () => {
    const groupAdmin = await loginAs(DEMO.groupAdmin);
    const own = await extinguisherCatalogue(groupAdmin, await loginAs(DEMO.admin));
    const company = await loginAs(DEMO.companyAdmin);
    const serial = await createTag(demo);
    const equipmentId = await register(company, { tagSerialNumber: serial, productId: own.productId });
    const { page, context } = await phone();
    await login(page, DEMO.operator);
    await prepare(page);

    await context.setOffline(true);
    await page.goto(`/#/t/${serial}`);
    await page.locator('[data-testid="tag-card"][data-source="offline"]').waitFor();
    await inspect(page, 'Feita antes da pergunta nova');

    // Meanwhile the admin adds a required question to the type.
    const path = `/web/inspection-types/${own.typeId}/inspection-questions/`;
    const current = await rest<{ id: number; question: string; type: string; enabled: boolean }[]>(
      'GET',
      path,
      {
        token: groupAdmin,
      },
    );
    const added = `Sinalização visível? ${serial}`;
    const saved = await rest('PUT', path, {
      token: groupAdmin,
      body: [
        ...current.json.data!.map(({ id, question, type, enabled }) => ({ id, question, type, enabled })),
        { question: added, type: 'YES_NO_NA' },
      ],
    });
    expect(saved.status).toBe(200);

    await context.setOffline(false);
    const banner = page.getByTestId('offline-banner');
    await banner.getByText('1 registro recusado').waitFor();
    await page.goto('/#/offline');
    const item = page.locator('[data-testid="offline-record"][data-status="refused"]');
    await item.getByText(`Responda a pergunta: ${added}`).waitFor();

    // Fix: the form comes back with the answers given, the new question to answer.
    await item.getByTestId('offline-record-fix').click();
    const form = page.getByTestId('inspect-form');
    await form.waitFor();
    expect(await page.getByTestId('answer-2-text').inputValue()).toBe('Feita antes da pergunta nova');
    expect(await page.locator('[data-testid="answer-0-YES"][data-state="checked"]').count()).toBe(1);
    await form.getByTestId('question-4').getByText(added, { exact: true }).waitFor();
    await page.getByTestId('answer-4-YES').click();
    await page.getByTestId('inspect-submit').click();
    await page.getByTestId('field-success').waitFor();
    await banner.waitFor({ state: 'detached', timeout: 20_000 });

    const rows = await tenantDb(demo.schema)
      .selectFrom('inspections')
      .select(['id', 'identified_by'])
      .where('equipment_id', '=', equipmentId)
      .execute();
    expect(rows).toHaveLength(1);
    const history = await trpcClient(await loginAs(DEMO.operator)).equipment.inspections.query({
      tag: serial,
    });
    const answers = history.items[0]!.questionsAnswers.map((a) => [a.question, a.answer]);
    expect(answers).toContainEqual([added, 'YES']);
    expect(answers).toContainEqual([own.names.notes, 'Feita antes da pergunta nova']);
    await closeAll();
  });

  it('the inspection report flags a typed inspection, the never-scanned filter lists it, the dialog says how it was identified', async () => {
    const company = await loginAs(DEMO.companyAdmin);
    const operator = await loginAs(DEMO.operator);
    const typed = await createTag(demo);
    const scanned = await createTag(demo);
    for (const serial of [typed, scanned])
      await register(company, { tagSerialNumber: serial, productId: c.productId });
    const now = new Date();
    const scannedAt = new Date(now.getTime() - 60_000).toISOString();
    for (const [serial, identifiedBy] of [
      [typed, 'TYPED'],
      [scanned, 'SCAN'],
    ] as const) {
      const r = await rest('POST', `/web/equipments/${serial}/inspections`, {
        token: operator,
        body: { answers: goodAnswers(c), identifiedBy, scannedAt, performedAt: now.toISOString() },
      });
      expect(r.status).toBe(201);
    }

    const { page } = await phone();
    await page.setViewportSize({ width: 1366, height: 900 });
    await login(page, DEMO.companyAdmin);
    await page.goto(`/#/inspections?query=${typed}`);
    const row = page.locator(`tr[data-tag="${typed}"]`);
    await row.waitFor();
    const badge = row.getByTestId('presence-typed');
    await badge.waitFor();
    expect(await row.getByTestId('cell-last-scanned').textContent()).toBe('Nunca lida');
    // the explanation on keyboard focus (and for screen readers in the badge itself)
    await badge.focus();
    await page
      .getByRole('tooltip')
      .getByText('O número da etiqueta foi digitado, não lido por QR Code ou NFC.')
      .waitFor();
    expect(await badge.textContent()).toContain('O número da etiqueta foi digitado');

    // The never-scanned report: today's day in the filter keeps the typed one, not the scanned one.
    const today = todayIn(process.env.APP_TIME_ZONE || 'America/Sao_Paulo');
    const [y, m, d] = today.split('-');
    await page.getByTestId('filter-not-scanned-since').fill(`${d}/${m}/${y}`);
    await page.waitForFunction((day) => window.location.hash.includes(`notScannedSince=${day}`), today);
    await row.waitFor();
    await page.goto(`/#/inspections?notScannedSince=${today}&query=${scanned}`);
    await page.getByText('Lista vazia', { exact: false }).first().waitFor();
    expect(await page.locator(`tr[data-tag="${scanned}"]`).count()).toBe(0);
    await page.goto(`/#/inspections?query=${scanned}`);
    const scannedRow = page.locator(`tr[data-tag="${scanned}"]`);
    await scannedRow
      .getByTestId('cell-last-scanned')
      .getByText(/^Lida em \d{2}\/\d{2}\/\d{4}$/)
      .waitFor();
    expect(await scannedRow.getByTestId('presence-flags').count()).toBe(0);

    // The dialog: the last inspection's flag, the last read, the record's identification.
    await page.goto(`/#/inspections?query=${typed}`);
    await page.getByTestId(`details-${typed}`).click();
    const dialog = page.getByTestId('equipment-dialog');
    await dialog.getByTestId('equipment-last-inspection').getByTestId('presence-typed').waitFor();
    expect(await dialog.getByTestId('equipment-last-scanned').textContent()).toBe('Nunca lida');
    await dialog.getByTestId('equipment-tab-records').click();
    const record = dialog.getByTestId('history-inspections').getByTestId('record').first();
    await record.getByTestId('presence-typed').waitFor();
    expect(await record.getByTestId('presence-identified-by').textContent()).toBe('Número digitado');
    await closeAll();
  });
});

describe('without preparing the phone (issue 26 item 11)', () => {
  it('a tag opened online, never prepared, opens offline and its inspection arrives once back online', async () => {
    const company = await loginAs(DEMO.companyAdmin);
    const serial = await createTag(demo);
    const equipmentId = await register(company, { tagSerialNumber: serial, productId: c.productId });

    const { page, context } = await phone();
    await login(page, DEMO.operator);
    await controlledByWorker(page);
    // Opened online: the online card, the set never prepared (the panel offers it).
    await page.goto(`/#/t/${serial}`);
    await page.getByTestId('field-actions').waitFor();
    await page.getByTestId('working-set-none').waitFor();
    expect(await page.locator('[data-testid="tag-card"][data-source="offline"]').count()).toBe(0);
    // The tag was kept with its forms.
    await expect
      .poll(async () => (await offlineStore(page)).recentTags, { timeout: 15_000 })
      .toContainEqual({ serial, questions: 4 });
    expect((await offlineStore(page)).sets).toEqual([]);

    // No signal: the same tag, after a reload, from what was kept.
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline-banner').getByText('Sem conexão').waitFor();
    await page.locator('[data-testid="tag-card"][data-source="offline"]').waitFor();
    await page
      .getByTestId('field-offline')
      .getByText(/^Sem conexão: dados baixados em /)
      .waitFor();
    expect(await page.getByTestId('tag-product').textContent()).toBe(
      `Extintor PQS ${c.names.seal.split(' ').at(-1)}`,
    );
    await inspect(page, 'Inspeção sem preparar o aparelho');
    await page.getByTestId('offline-banner').getByText('1 registro aguardando envio').waitFor();
    expect(await notesOf(equipmentId)).toEqual([]);

    // Back online: the record arrives, once.
    await context.setOffline(false);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 20_000 });
    await expect
      .poll(async () => (await notesOf(equipmentId)).filter((n) => n === 'Inspeção sem preparar o aparelho'))
      .toHaveLength(1);
    const rows = await tenantDb(demo.schema)
      .selectFrom('inspections')
      .select('identified_by')
      .where('equipment_id', '=', equipmentId)
      .execute();
    expect(rows).toHaveLength(1);
    await closeAll();
  });

  it('a form opened online keeps its answers when the signal drops; its save waits on the phone and arrives once', async () => {
    const company = await loginAs(DEMO.companyAdmin);
    const serial = await createTag(demo);
    const equipmentId = await register(company, { tagSerialNumber: serial, productId: c.productId });
    const { page, context } = await phone();
    await login(page, DEMO.operator);
    await page.goto(`/#/t/${serial}`);
    await page.getByTestId('field-action-inspect').click();
    const form = page.getByTestId('inspect-form');
    await form.waitFor();
    await page.getByTestId('answer-0-YES').click();
    await page.getByTestId('answer-2-text').fill('Respondido antes de perder o sinal');

    // The signal drops with the form open: the same form, its answers kept.
    await context.setOffline(true);
    await page.getByTestId('offline-banner').getByText('Sem conexão').waitFor();
    expect(await page.getByTestId('answer-0-YES').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('answer-2-text').inputValue()).toBe('Respondido antes de perder o sinal');
    await form.getByRole('radio', { name: 'Conforme' }).click();
    await page.getByTestId('answer-3-YES').click();
    await page.getByTestId('inspect-submit').click();
    await page.getByTestId('field-success').getByText('Salvo no aparelho: aguardando envio.').waitFor();
    expect(await notesOf(equipmentId)).toEqual([]);

    await context.setOffline(false);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 20_000 });
    await expect
      .poll(async () =>
        (await notesOf(equipmentId)).filter((n) => n === 'Respondido antes de perder o sinal'),
      )
      .toHaveLength(1);
    expect(
      await tenantDb(demo.schema)
        .selectFrom('inspections')
        .select('id')
        .where('equipment_id', '=', equipmentId)
        .execute(),
    ).toHaveLength(1);
    await closeAll();
  });

  it('an operator signing in on a touch phone gets the set prepared in the background; a tag never opened works offline', async () => {
    const company = await loginAs(DEMO.companyAdmin);
    const serial = await createTag(demo);
    const equipmentId = await register(company, { tagSerialNumber: serial, productId: c.productId });

    const { page, context } = await phone(true);
    await page.goto('/#/');
    await page.getByTestId('login-form').waitFor();
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    await controlledByWorker(page);
    await login(page, DEMO.operator);
    // Nothing pressed: the set arrives in IndexedDB by itself, whole (no download left half-way).
    await expect
      .poll(
        async () => {
          const s = await offlineStore(page);
          return {
            sets: s.sets.length,
            downloads: s.progress,
            hasTag: s.equipment.includes(serial),
            rows: s.equipment.length,
          };
        },
        { timeout: 90_000, interval: 500 },
      )
      .toMatchObject({ sets: 1, downloads: [], hasTag: true });
    const store = await offlineStore(page);
    expect(store.sets[0]!.equipmentCount).toBeGreaterThan(0);
    expect(store.recentTags).toEqual([]);

    // No signal: the never-opened tag opens from the set and records.
    await context.setOffline(true);
    await page.goto(`/#/t/${serial}`);
    await page.locator('[data-testid="tag-card"][data-source="offline"]').waitFor();
    expect(await page.getByTestId('tag-product').textContent()).toBe(
      `Extintor PQS ${c.names.seal.split(' ').at(-1)}`,
    );
    await inspect(page, 'Inspeção com o conjunto preparado sozinho');
    await context.setOffline(false);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 20_000 });
    await expect
      .poll(async () => await notesOf(equipmentId))
      .toContain('Inspeção com o conjunto preparado sozinho');

    // The button still downloads the whole set again (a full refresh: a new generation of rows).
    const prepared = (await offlineStore(page)).sets[0]!;
    await page.goto('/#/offline');
    await page.getByTestId('working-set-summary').waitFor();
    await page.getByTestId('working-set-download').click();
    await expect
      .poll(async () => (await offlineStore(page)).sets.map((x) => x.gen), { timeout: 60_000 })
      .toEqual([prepared.gen + 1]);
    await page.getByTestId('working-set-summary').waitFor();
    expect(await page.getByTestId('working-set-error').count()).toBe(0);
    await closeAll();
  }, 120_000);
});
