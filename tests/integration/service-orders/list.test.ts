import { beforeAll, describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { rest, trpcClient } from '../../helpers/api.ts';
import { makeUser } from '../organisations/fixtures.ts';
import {
  createOrder,
  day,
  newEquipment,
  orderBody,
  type OrderJson,
  type SoTenant,
  soTenant,
  uid,
  updateBody,
} from './helpers.ts';

interface PageJson<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

let t: SoTenant;
let tag: string;
let zelia: { id: number; name: string };
let orders: { alfa: OrderJson; bravo: OrderJson; charlie: OrderJson; delta: OrderJson; other: OrderJson };

beforeAll(async () => {
  t = await soTenant();
  tag = uid();
  const name = `Zélia Técnica ${tag}`;
  zelia = { id: (await makeUser({ groupId: t.groupId, companyId: t.companyId, name })).id, name };
  const e = () => newEquipment(t);
  const create = async (over: Record<string, unknown>) =>
    createOrder(t.tokens.group, orderBody(t, [await e(), await e()], over));
  // Created in this order: numbers 1..4 in company A, 1 in company B.
  const alfa = await create({
    startDate: day(0),
    endDate: day(9),
    priority: 'LOW',
    type: 'INSPECTION',
    observation: `Alfa ${tag}`,
  });
  const bravo = await create({
    startDate: day(2),
    endDate: day(3),
    priority: 'HIGH',
    type: 'MAINTENANCE',
    observation: `Bravo ${tag}`,
    responsibleUserId: zelia.id,
  });
  const charlie = await create({
    startDate: day(1),
    endDate: day(20),
    priority: 'HIGH',
    type: 'INSPECTION',
    observation: `Charlie ${tag}`,
  });
  const delta = await create({
    startDate: day(5),
    endDate: day(6),
    priority: 'AVERAGE',
    type: 'MAINTENANCE',
    observation: null,
  });
  const other = await createOrder(
    t.tokens.group,
    orderBody(t, [await newEquipment(t, { companyId: t.companyB })], {
      responsibleUserId: t.operatorBId,
      observation: `Echo ${tag}`,
    }),
  );
  // Alfa under way: one of its two equipment done.
  const partial = await rest<OrderJson>('PUT', `/web/service-order/${alfa.id}/`, {
    token: t.tokens.group,
    body: updateBody(alfa, {
      status: 'PARTIAL',
      equipments: updateBody(alfa).equipments.map((x, i) => ({
        ...x,
        completionDate: i === 0 ? day(0) : null,
      })),
    }),
  });
  if (partial.status !== 200) throw new Error(JSON.stringify(partial.json));
  orders = { alfa: partial.json.data!, bravo, charlie, delta, other };
}, 90_000);

async function list(query: string, token = t.tokens.group) {
  const r = await rest<PageJson<OrderJson>>('GET', `/web/service-order/?${query}`, { token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data!;
}
const names = (p: PageJson<OrderJson>) => p.items.map((o) => o.observation?.split(' ')[0] ?? null);

describe('GET /web/service-order/', () => {
  it('company A’s orders are numbered 1..4, company B’s from 1; newest number first by default', async () => {
    expect([orders.alfa, orders.bravo, orders.charlie, orders.delta].map((o) => o.number)).toEqual([
      1, 2, 3, 4,
    ]);
    expect(orders.other.number).toBe(1);
    const page = await list(`companyId=${t.companyId}`);
    expect(page.total).toBe(4);
    expect(page.items.map((o) => o.number)).toEqual([4, 3, 2, 1]);
    expect(page.items[3]).toMatchObject({
      status: 'PARTIAL',
      equipmentCount: 2,
      completedCount: 1,
      companyName: t.companyName,
    });
  });

  it('sorts by each column of the table, both directions', async () => {
    const a = `companyId=${t.companyId}`;
    expect(names(await list(`${a}&sort=startDate&direction=asc`))).toEqual([
      'Alfa',
      'Charlie',
      'Bravo',
      null,
    ]);
    expect(names(await list(`${a}&sort=startDate&direction=desc`))).toEqual([
      null,
      'Bravo',
      'Charlie',
      'Alfa',
    ]);
    expect(names(await list(`${a}&sort=endDate&direction=asc`))).toEqual(['Bravo', null, 'Alfa', 'Charlie']);
    // The seed's `field` and `size` spellings.
    expect(names(await list(`${a}&field=number&direction=asc&size=10`))).toEqual([
      'Alfa',
      'Bravo',
      'Charlie',
      null,
    ]);
    expect(names(await list(`${a}&sort=observation&direction=asc`))).toEqual([
      null,
      'Alfa',
      'Bravo',
      'Charlie',
    ]);
    // Zélia sorts after the operator ("Inês …") without her accent getting in the way.
    expect(names(await list(`${a}&sort=responsibleUserName&direction=desc`))[0]).toBe('Bravo');
    const byRequester = await list(`${a}&sort=requestUserName&direction=asc`);
    expect(byRequester.total).toBe(4);
    const byStatus = await list(`${a}&sort=status&direction=desc`);
    expect(byStatus.items.map((o) => o.status)).toEqual(['PENDING', 'PENDING', 'PENDING', 'PARTIAL']);
  });

  it('filters by status, priority, type, responsible, company and start-date range', async () => {
    const a = `companyId=${t.companyId}`;
    expect(names(await list(`${a}&status=PARTIAL`))).toEqual(['Alfa']);
    expect(names(await list(`${a}&priority=HIGH&sort=number&direction=asc`))).toEqual(['Bravo', 'Charlie']);
    expect(names(await list(`${a}&type=MAINTENANCE&sort=number&direction=asc`))).toEqual(['Bravo', null]);
    expect(names(await list(`responsibleUserId=${zelia.id}`))).toEqual(['Bravo']);
    expect(names(await list(`${a}&dateStart=${day(1)}&dateEnd=${day(2)}&sort=number&direction=asc`))).toEqual(
      ['Bravo', 'Charlie'],
    );
    expect(names(await list(`${a}&dateStart=${day(5)}`))).toEqual([null]);
    expect(names(await list(`companyId=${t.companyB}`))).toEqual(['Echo']);
    const bad = await rest('GET', `/web/service-order/?dateStart=${day(3)}&dateEnd=${day(1)}`, {
      token: t.tokens.group,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({
      code: 'REPORT_DATE_RANGE_INVALID',
      params: { parameter: 'dateStart' },
    });
    const badStatus = await rest('GET', '/web/service-order/?status=OPEN', { token: t.tokens.group });
    expect(badStatus.status).toBe(400);
  });

  it('searches number, observation and people, accent- and case-insensitively', async () => {
    expect(names(await list(`query=zelia tecnica ${tag}`))).toEqual(['Bravo']);
    expect(names(await list(`query=charlie ${tag}`))).toEqual(['Charlie']);
    expect(names(await list(`query=${tag}&sort=number`)).sort()).toEqual([
      'Alfa',
      'Bravo',
      'Charlie',
      'Echo',
    ]);
    // A short query matches a whole field: the number.
    expect(names(await list(`query=3&companyId=${t.companyId}`))).toEqual(['Charlie']);
  });

  it('pages with a true total', async () => {
    const a = `companyId=${t.companyId}&sort=number`;
    const second = await rest<PageJson<OrderJson>>('GET', `/web/service-order/?${a}&pageSize=10&page=0`, {
      token: t.tokens.group,
    });
    expect(second.json.data!.total).toBe(4);
    const client = trpcClient(t.tokens.group);
    const past = await client.serviceOrders.list.query({ companyId: t.companyId, page: 3, pageSize: 10 });
    expect(past).toMatchObject({ items: [], total: 4, page: 3 });
  });

  it('a company admin sees only its company’s orders, whatever it asks', async () => {
    const own = await list('', t.tokens.companyAdmin);
    expect(own.items.every((o) => o.companyId === t.companyId)).toBe(true);
    expect(own.total).toBe(4);
    const theirs = await list(`companyId=${t.companyB}`, t.tokens.companyAdmin);
    expect(theirs.total).toBe(0);
  });
});

describe('GET /web/service-order/users', () => {
  it('a company admin gets the active users of its company and the group’s admins', async () => {
    const inactive = await makeUser({ groupId: t.groupId, companyId: t.companyId, status: 'INACTIVE' });
    const r = await rest<{ id: number; name: string }[]>('GET', '/web/service-order/users', {
      token: t.tokens.companyAdmin,
    });
    expect(r.status).toBe(200);
    const ids = r.json.data!.map((u) => u.id);
    expect(ids).toContain(t.operatorId);
    expect(ids).toContain(zelia.id);
    expect(ids).not.toContain(t.operatorBId);
    expect(ids).not.toContain(inactive.id);
    const groupAdmin = await coreDb()
      .selectFrom('users')
      .select('id')
      .where('company_group_id', '=', t.groupId)
      .where('role', '=', 'COMPANY_GROUP_ADMIN')
      .executeTakeFirstOrThrow();
    expect(ids).toContain(groupAdmin.id);
    expect(Object.keys(r.json.data![0]!).sort()).toEqual(['id', 'name']);
    // Another company is not its to ask for.
    const b = await rest('GET', `/web/service-order/users?companyId=${t.companyB}`, {
      token: t.tokens.companyAdmin,
    });
    expect(b.status).toBe(404);
  });

  it('a group admin gets the whole group, or one company', async () => {
    const all = await trpcClient(t.tokens.group).serviceOrders.users.query();
    expect(all.map((u) => u.id)).toEqual(expect.arrayContaining([t.operatorId, t.operatorBId, zelia.id]));
    const b = await trpcClient(t.tokens.group).serviceOrders.users.query({ companyId: t.companyB });
    expect(b.map((u) => u.id)).toContain(t.operatorBId);
    expect(b.map((u) => u.id)).not.toContain(t.operatorId);
  });
});

describe('GET /web/service-order/equipment/', () => {
  it('offers only equipment whose tag is enabled, in scope, with its columns, searched and paged', async () => {
    const on = await newEquipment(t);
    const off = await newEquipment(t, { enabled: false });
    const b = await newEquipment(t, { companyId: t.companyB });
    const search = async (query: string, token = t.tokens.group) => {
      const r = await rest<PageJson<Record<string, unknown>>>(
        'GET',
        `/web/service-order/equipment/?query=${encodeURIComponent(query)}`,
        { token },
      );
      expect(r.status).toBe(200);
      return r.json.data!;
    };
    const found = await search(on.serial);
    expect(found.items).toEqual([
      expect.objectContaining({
        id: on.id,
        tagSerialNumber: on.serial,
        extraLabel: on.extraLabel,
        productSku: expect.stringMatching(/^PQS-/),
        companyId: t.companyId,
        companyName: t.companyName,
      }),
    ]);
    expect((await search(off.serial)).items).toEqual([]);
    expect((await search(b.serial)).total).toBe(1);
    expect((await search(b.serial, t.tokens.companyAdmin)).total).toBe(0);
    const page = await rest<PageJson<{ companyId: number; tagSerialNumber: string }>>(
      'GET',
      '/web/service-order/equipment/?size=10&page=0&sort=tagSerialNumber&direction=asc',
      { token: t.tokens.companyAdmin },
    );
    const items = page.json.data!.items;
    expect(items.length).toBe(Math.min(10, page.json.data!.total));
    expect(items.every((i) => i.companyId === t.companyId)).toBe(true);
    expect(items.map((i) => i.tagSerialNumber)).toEqual(items.map((i) => i.tagSerialNumber).sort());
    expect(items.map((i) => i.tagSerialNumber)).not.toContain(off.serial);
  });
});
