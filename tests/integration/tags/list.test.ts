import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import type { TagItem } from '../../../src/shared/tags/schemas.ts';
import { rest, trpcClient } from '../../helpers/api.ts';
import { tokens } from '../catalogue/helpers.ts';
import {
  createEquipment,
  createProduct,
  createTag,
  day,
  demo,
  otherDemoCompany,
  tagRow,
  tagScopes,
  uid,
  type Where,
} from './helpers.ts';

type Page = { items: TagItem[]; total: number; page: number; pageSize: number };

let t: Awaited<ReturnType<typeof tokens>>;
let own: Where;
let sibling: Where;
let foreign: Where & { token: string };
let product: { id: number; name: string; sku: string };
let exclusive: { id: number; name: string; sku: string };
const mark = uid().toUpperCase();
const s = { used: '', exclusive: '', unused: '', disabled: '', sibling: '', foreign: '' };

async function list(token: string, query: string) {
  return rest<Page>('GET', `/web/tags/?${query}`, { token });
}

beforeAll(async () => {
  t = await tokens();
  ({ own, sibling, foreign } = await tagScopes());
  product = await createProduct(t.group, { name: `Extintor Pó Químico ${mark}` });
  exclusive = await createProduct(t.admin, { name: `Hidrante Exclusivo ${mark}`, isDvExclusive: true });
  s.used = await createTag(own);
  await createEquipment(own, s.used, product.id, {
    extraLabel: `Corredor Térreo ${mark}`,
    extraCode: `CTRL-${mark}`,
  });
  s.exclusive = await createTag(own);
  await createEquipment(own, s.exclusive, exclusive.id, { extraLabel: `Casa de bombas ${mark}` });
  s.unused = await createTag(own);
  s.disabled = await createTag(own, { enabled: false });
  s.sibling = await createTag(sibling);
  await createEquipment(sibling, s.sibling, product.id, { extraLabel: `Filial ${mark}` });
  s.foreign = await createTag(foreign);
});

describe('GET /web/tags/ (screen 6)', () => {
  it('lists the tags with the equipment on them: serial, labels, equipment serial, product, exclusive flag, update date, company', async () => {
    const r = await list(t.company, `query=${encodeURIComponent(mark)}&size=100`);
    expect(r.status).toBe(200);
    const bySerial = new Map(r.json.data!.items.map((i) => [i.serialNumber, i]));
    const used = bySerial.get(s.used)!;
    expect(used).toMatchObject({
      serialNumber: s.used,
      enabled: true,
      used: true,
      equipmentExtraLabel: `Corredor Térreo ${mark}`,
      equipmentExtraCode: `CTRL-${mark}`,
      equipmentSerialNumber: s.used,
      productName: product.name,
      productIsDvExclusive: false,
      companyId: own.companyId,
    });
    expect(typeof used.companyName).toBe('string');
    expect(new Date(used.updateDate as unknown as string).getTime()).toBeGreaterThan(Date.now() - 3_600_000);
    expect(bySerial.get(s.exclusive)?.productIsDvExclusive).toBe(true);
    // The search matched labels and product names; unused tags match by serial only.
    expect(bySerial.has(s.unused)).toBe(false);
  });

  it('an unused tag has no equipment fields; a search by serial finds it', async () => {
    const r = await list(t.company, `query=${s.unused}`);
    expect(r.json.data!.items).toEqual([
      expect.objectContaining({
        serialNumber: s.unused,
        used: false,
        equipmentSerialNumber: null,
        equipmentExtraLabel: null,
        productName: null,
        productIsDvExclusive: false,
      }),
    ]);
  });

  it('searches accent- and case-insensitively; fewer than 3 characters match a whole value', async () => {
    const byLabel = await list(
      t.company,
      `query=${encodeURIComponent(`corredor terreo ${mark.toLowerCase()}`)}`,
    );
    expect(byLabel.json.data!.items.map((i) => i.serialNumber)).toEqual([s.used]);
    const byProduct = await list(t.company, `query=${encodeURIComponent(`EXTINTOR PO QUIMICO ${mark}`)}`);
    expect(byProduct.json.data!.items.map((i) => i.serialNumber)).toEqual([s.used]);
    const byCode = await list(t.company, `query=ctrl-${mark.toLowerCase()}`);
    expect(byCode.json.data!.items.map((i) => i.serialNumber)).toEqual([s.used]);
    // Two characters: only a whole value equal to them (none of these).
    const short = await list(t.company, `query=${s.used.slice(0, 2)}`);
    expect(short.json.data!.items.map((i) => i.serialNumber)).not.toContain(s.used);
  });

  it('filters by exclusive product and by active tag (REST also takes true/false)', async () => {
    const q = `query=${mark}&size=100`;
    const excl = await list(t.company, `${q}&exclusive=yes`);
    expect(excl.json.data!.items.map((i) => i.serialNumber)).toEqual([s.exclusive]);
    const notExcl = await list(t.company, `${q}&exclusive=false`);
    expect(notExcl.json.data!.items.map((i) => i.serialNumber)).toEqual([s.used]);
    const inactive = await list(t.company, `query=${s.disabled}&active=no`);
    expect(inactive.json.data!.items.map((i) => i.serialNumber)).toEqual([s.disabled]);
    const active = await list(t.company, `query=${s.disabled}&active=true`);
    expect(active.json.data!.total).toBe(0);
  });

  it('filters by last-update day; a day after today is refused (400 DATE_IN_FUTURE) on both doors', async () => {
    await demo()
      .updateTable('tags')
      .set({ updated_at: sql`now() - interval '10 days'` })
      .where('serial_number', '=', s.disabled)
      .execute();
    const q = `query=${s.disabled}`;
    expect(
      (await list(t.company, `${q}&updateFrom=${day(-11)}&updateUpTo=${day(-9)}`)).json.data!.total,
    ).toBe(1);
    expect((await list(t.company, `${q}&updateFrom=${day(-9)}`)).json.data!.total).toBe(0);
    expect((await list(t.company, `${q}&updateUpTo=${day(-11)}`)).json.data!.total).toBe(0);
    expect((await list(t.company, `${q}&updateFrom=${day()}&updateUpTo=${day()}`)).json.data!.total).toBe(0);

    const future = await list(t.company, `updateUpTo=${day(1)}`);
    expect(future.status).toBe(400);
    expect(future.json.error?.code).toBe('DATE_IN_FUTURE');
    expect(future.json.error?.issues?.map((i) => i.path)).toEqual(['updateUpTo']);
    await expect(trpcClient(t.operator).tags.list.query({ updateFrom: day(2) })).rejects.toMatchObject({
      data: { code: 'DATE_IN_FUTURE', httpStatus: 400 },
    });
    const bad = await list(t.company, 'updateFrom=2026-02-30');
    expect(bad.status).toBe(400);
  });

  it('sorts by each column both ways', async () => {
    for (const field of [
      'serialNumber',
      'equipmentExtraLabel',
      'productName',
      'updateDate',
      'enabled',
      'companyName',
    ]) {
      for (const direction of ['asc', 'desc']) {
        const r = await list(t.group, `query=${mark}&field=${field}&direction=${direction}`);
        expect(r.status, `${field} ${direction}`).toBe(200);
        expect(r.json.data!.total).toBe(3);
      }
    }
    const asc = await list(t.group, `query=${mark}&field=equipmentExtraLabel&direction=asc`);
    expect(asc.json.data!.items.map((i) => i.equipmentExtraLabel)).toEqual([
      `Casa de bombas ${mark}`,
      `Corredor Térreo ${mark}`,
      `Filial ${mark}`,
    ]);
  });

  it('company roles see their company’s tags; group and provider admins the group’s; another tenant none', async () => {
    const q = `query=${mark}&size=100`;
    const serials = async (token: string) =>
      (await list(token, q)).json.data!.items.map((i) => i.serialNumber).sort();
    const companyView = [s.used, s.exclusive].sort();
    expect(await serials(t.company)).toEqual(companyView);
    expect(await serials(t.operator)).toEqual(companyView);
    expect(await serials(t.group)).toEqual([...companyView, s.sibling].sort());
    expect(await serials(t.admin)).toEqual([...companyView, s.sibling].sort());
    expect(await serials(foreign.token)).toEqual([]);
    expect((await list(foreign.token, `query=${s.used}`)).json.data!.total).toBe(0);
  });

  it('tRPC answers the same page', async () => {
    const page = await trpcClient(t.operator).tags.list.query({ query: s.used });
    expect(page.items.map((i) => i.serialNumber)).toEqual([s.used]);
    expect(page.items[0]!.updateDate).toBeInstanceOf(Date);
  });
});

describe('used tags count', () => {
  it('counts enabled tags with equipment in the caller’s scope', async () => {
    const count = async (token: string) =>
      (await rest<{ used: number }>('GET', '/web/tags/used-count/', { token })).json.data!.used;
    const company = await count(t.company);
    const group = await count(t.group);
    expect(group).toBeGreaterThanOrEqual(company + 1);
    const extra = await createTag(own);
    await createEquipment(own, extra, product.id);
    expect(await count(t.operator)).toBe(company + 1);
    expect(await trpcClient(t.company).tags.usedCount.query()).toEqual({ used: company + 1 });
    expect(await count(foreign.token)).toBe(0);
  });
});

describe('PUT /web/tags/{serial}/toggle/', () => {
  it('an admin disables and enables a tag; the row answers and its update date moves', async () => {
    const serial = await createTag(own);
    await demo()
      .updateTable('tags')
      .set({ updated_at: sql`now() - interval '3 days'` })
      .where('serial_number', '=', serial)
      .execute();
    const off = await rest<TagItem>('PUT', `/web/tags/${serial}/toggle/`, {
      token: t.company,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    expect(off.json.data).toMatchObject({ serialNumber: serial, enabled: false });
    const row = await tagRow(own.schema, serial);
    expect(row.enabled).toBe(false);
    expect(row.updated_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const on = await trpcClient(t.group).tags.toggle.mutate({ serial: serial.toLowerCase(), enabled: true });
    expect(on).toMatchObject({ serialNumber: serial, enabled: true });
    // Without the trailing slash too.
    const again = await rest('PUT', `/web/tags/${serial}/toggle`, {
      token: t.admin,
      body: { enabled: false },
    });
    expect(again.status).toBe(200);
  });

  it('a used tag disabled leaves the used count; enabled again it counts', async () => {
    const serial = await createTag(own);
    await createEquipment(own, serial, product.id);
    const count = async () => (await trpcClient(t.company).tags.usedCount.query()).used;
    const before = await count();
    await trpcClient(t.company).tags.toggle.mutate({ serial, enabled: false });
    expect(await count()).toBe(before - 1);
    await trpcClient(t.company).tags.toggle.mutate({ serial, enabled: true });
    expect(await count()).toBe(before);
  });

  it('the operator may not toggle: 403 FORBIDDEN on both doors, nothing changes', async () => {
    const r = await rest('PUT', `/web/tags/${s.used}/toggle/`, {
      token: t.operator,
      body: { enabled: false },
    });
    expect(r.status).toBe(403);
    expect(r.json.error?.code).toBe('FORBIDDEN');
    await expect(
      trpcClient(t.operator).tags.toggle.mutate({ serial: s.used, enabled: false }),
    ).rejects.toMatchObject({
      data: { code: 'FORBIDDEN', httpStatus: 403 },
    });
    expect((await tagRow(own.schema, s.used)).enabled).toBe(true);
  });

  it('another company’s tag (company admin), another tenant’s tag and an unknown serial are all 404 TAG_NOT_FOUND', async () => {
    const answers = [
      await rest('PUT', `/web/tags/${s.sibling}/toggle/`, { token: t.company, body: { enabled: false } }),
      await rest('PUT', `/web/tags/${s.foreign}/toggle/`, { token: t.group, body: { enabled: false } }),
      await rest('PUT', `/web/tags/${s.used}/toggle/`, { token: foreign.token, body: { enabled: false } }),
      await rest('PUT', `/web/tags/ZZZZ${mark}/toggle/`, { token: t.admin, body: { enabled: false } }),
    ];
    for (const a of answers) {
      expect(a.status).toBe(404);
      expect(a.json.error?.code).toBe('TAG_NOT_FOUND');
    }
    // The same body, byte for byte, whether the tag exists elsewhere or nowhere.
    expect(JSON.stringify(answers[1]!.json)).toBe(JSON.stringify(answers[3]!.json));
    expect((await tagRow(sibling.schema, s.sibling)).enabled).toBe(true);
    expect((await tagRow(foreign.schema, s.foreign)).enabled).toBe(true);
    // The group admin reaches the sibling company's tag.
    const group = await rest('PUT', `/web/tags/${s.sibling}/toggle/`, {
      token: t.group,
      body: { enabled: true },
    });
    expect(group.status).toBe(200);
  });

  it('refuses a body without enabled (400)', async () => {
    const r = await rest('PUT', `/web/tags/${s.unused}/toggle/`, { token: t.company, body: {} });
    expect(r.status).toBe(400);
  });

  it('enabling a used tag past the company’s tags limit is 409 TAGS_LIMIT_REACHED', async () => {
    const small: Where = { ...own, companyId: await otherDemoCompany(own.groupId) };
    await coreDb()
      .updateTable('companies')
      .set({ tags_limit: 1 })
      .where('id', '=', small.companyId)
      .execute();
    const a = await createTag(small);
    await createEquipment(small, a, product.id);
    const b = await createTag(small);
    await createEquipment(small, b, product.id);
    // Both in use with a limit of 1 (as an old limit change may leave it): b off, then on again.
    await trpcClient(t.group).tags.toggle.mutate({ serial: b, enabled: false });
    const r = await rest('PUT', `/web/tags/${b}/toggle/`, { token: t.group, body: { enabled: true } });
    expect(r.status).toBe(409);
    expect(r.json.error).toMatchObject({ code: 'TAGS_LIMIT_REACHED', params: { limit: 1 } });
    expect((await tagRow(small.schema, b)).enabled).toBe(false);
    // An exclusive product consumes no tag: its tag may always come back.
    const c = await createTag(small);
    await createEquipment(small, c, exclusive.id);
    await trpcClient(t.group).tags.toggle.mutate({ serial: c, enabled: false });
    expect((await trpcClient(t.group).tags.toggle.mutate({ serial: c, enabled: true })).enabled).toBe(true);
  });
});
