import { beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../../src/server/config.ts';
import { coreDb } from '../../../src/server/db/database.ts';
import { DEMO_USERS } from '../../../src/server/seed/demo-users.ts';
import { encodePng } from '../../../src/server/domains/catalogue/png.ts';
import { rest, testApp, trpcClient } from '../../helpers/api.ts';
import {
  type Catalogue,
  createTag,
  equipmentSetup,
  foreignTag,
  goodAnswers,
  newSerial,
  otherDemoCompany,
  register,
  type Setup,
  someIp,
} from './helpers.ts';

let t: Setup['t'];
let c: Catalogue;
let demo: Setup['demo'];
beforeAll(async () => {
  ({ t, demo, c } = await equipmentSetup());
});

const card = (serial: string) =>
  rest<Record<string, unknown>>('GET', `/web/tags/${serial}/card`, { ip: someIp() });

/** The card with nothing but the serial and its flags: an unused tag, or a card its company hid. */
const bareCard = (serial: string, flags: { registered: boolean; cardVisible: boolean }) => ({
  serialNumber: serial,
  ...flags,
  enabled: true,
  status: null,
  productId: null,
  productName: null,
  productHasImage: false,
  lastInspectionDate: null,
  nextInspectionDate: null,
  lastInspectionExpirationStatus: 'NA',
  lastInspectionDaysToExpire: null,
  dueDate: null,
  dueDateExpirationStatus: 'NA',
  dueDateDaysToExpire: null,
  servicePending: false,
  lastSealCode: null,
  cycles: [],
});

/** Nothing personal: no user's name or e-mail, no company, no e-mail at all. */
function expectNoPersonalData(body: string, extra: string[] = []) {
  for (const u of DEMO_USERS) {
    expect(body).not.toContain(u.email);
    expect(body).not.toContain(u.name);
    expect(body).not.toContain(u.name.split(' ')[0]!);
  }
  for (const x of extra) expect(body).not.toContain(x);
  expect(body).not.toContain('@');
}

describe('public tag card', () => {
  it('unknown serial: 404 TAG_NOT_FOUND; a malformed one 400', async () => {
    const r = await card(newSerial());
    expect(r.status).toBe(404);
    expect(r.json.error?.code).toBe('TAG_NOT_FOUND');
    expect((await card('a-b')).status).toBe(400);
  });

  it('an unused tag says so', async () => {
    const serial = await createTag(demo);
    const r = await card(serial.toLowerCase());
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual(bareCard(serial, { registered: false, cardVisible: true }));
  });

  it('a registered tag: status, product, dates — and no personal data, for anyone (REST and tRPC)', async () => {
    const serial = await createTag(demo);
    await register(t.company, {
      tagSerialNumber: serial,
      productId: c.productId,
      extraLabel: 'Sala do Gerente',
      dueDate: '2030-01-31',
    });
    await trpcClient(t.operator).equipment.inspect.mutate({
      tag: serial,
      answers: goodAnswers(c),
      latitude: -23.5,
      longitude: -46.6,
      accuracy: 5,
    });
    const e = await trpcClient(t.company).equipment.get.query({ tag: serial });
    const r = await card(serial);
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({
      serialNumber: serial,
      registered: true,
      cardVisible: true,
      enabled: true,
      status: 'VALID',
      productId: c.productId,
      productName: e.product.name,
      productHasImage: false,
      lastInspectionDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      nextInspectionDate: e.nextInspectionDate,
      lastInspectionExpirationStatus: e.lastInspectionExpirationStatus,
      lastInspectionDaysToExpire: e.lastInspectionDaysToExpire,
      dueDate: '2030-01-31',
      dueDateExpirationStatus: 'VALID',
      dueDateDaysToExpire: e.dueDateDaysToExpire,
      // Not in an open service order (tests/integration/service-orders/loop.test.ts: when it is).
      servicePending: false,
      lastSealCode: null,
      // The signed-in view's cycles less the last done day and what counts as done.
      cycles: e.cycles.map(({ lastDoneAt: _l, doneBy: _d, ...pub }) => pub),
    });
    const text = await r.res.clone().text();
    // Nor the labels, the location or the company's name.
    const company = await coreDb()
      .selectFrom('companies')
      .select('name')
      .where('id', '=', demo.companyId)
      .executeTakeFirstOrThrow();
    expectNoPersonalData(text, ['Sala do Gerente', '-23.5', company.name]);
    // Signed in or not, from any tenant: the same card.
    const anon = await trpcClient(null).equipment.card.query({ serial });
    expect(anon).toEqual(r.json.data);
    const foreign = await foreignTag();
    const otherUser = await rest('GET', `/web/tags/${foreign.serial}/card`, {
      token: t.operator,
      ip: someIp(),
    });
    expect(otherUser.status).toBe(200);
    expect(otherUser.json.data).toMatchObject({ serialNumber: foreign.serial, registered: false });
  });

  it('the company’s card switch: off shows only "registered"', async () => {
    const companyId = await otherDemoCompany(demo.groupId);
    await coreDb().updateTable('companies').set({ tags_limit: 10 }).where('id', '=', companyId).execute();
    const serial = await createTag({ ...demo, companyId });
    await register(t.group, { tagSerialNumber: serial, productId: c.productId });
    await coreDb()
      .updateTable('companies')
      .set({ public_tag_card: false })
      .where('id', '=', companyId)
      .execute();
    const r = await card(serial);
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual(bareCard(serial, { registered: true, cardVisible: false }));
    expect(await r.res.clone().text()).not.toContain('Extintor');
    await coreDb()
      .updateTable('companies')
      .set({ public_tag_card: true })
      .where('id', '=', companyId)
      .execute();
    expect((await card(serial)).json.data).toMatchObject({ cardVisible: true, productId: c.productId });
  });

  it('serves the product image publicly (placeholder without equipment or image, or when the card is off)', async () => {
    const png = encodePng(2, 2, () => [0, 128, 255]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
    const up = await testApp().request(`/web/products/${c.exclusiveId}/image/`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${t.admin}` },
      body: form,
    });
    expect(up.status).toBe(200);
    const companyId = await otherDemoCompany(demo.groupId);
    const serial = await createTag({ ...demo, companyId });
    const image = (s: string, headers: Record<string, string> = {}) =>
      testApp().request(`/web/tags/${s}/image`, { headers: { 'X-Forwarded-For': someIp(), ...headers } });
    const before = await image(serial);
    expect(before.status).toBe(200);
    expect(before.headers.get('Content-Type')).toBe('image/svg+xml');
    await register(t.group, { tagSerialNumber: serial, productId: c.exclusiveId });
    expect((await card(serial)).json.data).toMatchObject({ productHasImage: true });
    const got = await image(serial);
    expect(got.status).toBe(200);
    expect(got.headers.get('Content-Type')).toBe('image/png');
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(new Uint8Array(png));
    const again = await image(serial, { 'If-None-Match': got.headers.get('ETag')! });
    expect(again.status).toBe(304);
    await coreDb()
      .updateTable('companies')
      .set({ public_tag_card: false })
      .where('id', '=', companyId)
      .execute();
    expect((await image(serial)).headers.get('Content-Type')).toBe('image/svg+xml');
    const unknown = await image(newSerial());
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('TAG_NOT_FOUND');
  });

  it('is rate-limited per IP (429 RATE_LIMITED), other IPs unaffected', async () => {
    const ip = someIp();
    const serial = newSerial();
    const max = config().TAG_CARD_MAX_PER_MINUTE;
    for (let i = 0; i < max; i++) {
      const r = await rest('GET', `/web/tags/${serial}/card`, { ip });
      expect(r.status).toBe(404);
    }
    const over = await rest('GET', `/web/tags/${serial}/card`, { ip });
    expect(over.status).toBe(429);
    expect(over.json.error?.code).toBe('RATE_LIMITED');
    expect((await card(serial)).status).toBe(404);
  });
});
