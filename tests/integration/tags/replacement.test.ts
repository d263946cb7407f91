import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantDb } from '../../../src/server/db/database.ts';
import type { ReplaceableEquipment, ReplacementRequest, Replaced } from '../../../src/shared/tags/schemas.ts';
import { rest, trpcClient } from '../../helpers/api.ts';
import { tokens } from '../catalogue/helpers.ts';
import {
  addHistory,
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

type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

let t: Awaited<ReturnType<typeof tokens>>;
let own: Where;
let sibling: Where;
let foreign: Where & { token: string };
let product: { id: number; name: string; sku: string };
const mark = uid().toUpperCase();

beforeAll(async () => {
  t = await tokens();
  ({ own, sibling, foreign } = await tagScopes());
  product = await createProduct(t.group, { name: `Extintor CO2 ${mark}`, sku: `CO2-${mark}` });
});

/** An equipment on a tag of `w` with an inspection and a snapshot; answers both serials. */
async function usedTag(w: Where, label: string) {
  const serial = await createTag(w);
  const id = await createEquipment(w, serial, product.id, { extraLabel: label, extraCode: `CTL-${uid()}` });
  await addHistory(w, id, product.id, serial);
  return { serial, id };
}

async function request(token: string, body: Record<string, unknown>) {
  return rest<{ id: number; updated: boolean }>('POST', '/web/equipments/replace/', { token, body });
}

describe('POST /web/equipments/replace/ (the field flow on an unused tag)', () => {
  it('creates a PENDING request suggesting the equipment on the old tag; asking again answers the same request', async () => {
    const old = await usedTag(own, `Escada B ${mark}`);
    const fresh = await createTag(own);
    const r = await request(t.operator, {
      newSerial: fresh.toLowerCase(),
      oldSerial: old.serial,
      description: 'Etiqueta rasgada',
    });
    expect(r.status).toBe(201);
    expect(r.json.data).toEqual({ id: expect.any(Number), updated: false });
    const again = await request(t.company, { newSerial: fresh });
    expect(again.status).toBe(201);
    expect(again.json.data).toEqual({ id: r.json.data!.id, updated: true });
    const viaTrpc = await trpcClient(t.group).tags.requestReplacement.mutate({
      newSerial: fresh,
      oldSerial: old.serial,
    });
    expect(viaTrpc.id).toBe(r.json.data!.id);
    const rows = await demo()
      .selectFrom('tag_replacement_requests')
      .selectAll()
      .where('id', '=', r.json.data!.id)
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({
        status: 'PENDING',
        suggested_equipment_id: old.id,
        description: 'Etiqueta rasgada',
        requested_by_name: 'Otávio Operador',
        company_id: own.companyId,
      }),
    ]);
  });

  it('two requests at once for one tag make one row', async () => {
    const fresh = await createTag(own);
    const answers = await Promise.all([1, 2, 3].map(() => request(t.company, { newSerial: fresh })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json.data!.id)).size).toBe(1);
  });

  it('an old serial out of reach gives no suggestion (another company for a company role, another tenant, unknown)', async () => {
    const other = await usedTag(sibling, `Filial ${mark}`);
    const f1 = await createTag(own);
    const r1 = await request(t.company, { newSerial: f1, oldSerial: other.serial });
    const f2 = await createTag(own);
    const r2 = await request(t.company, { newSerial: f2, oldSerial: 'ZZZZZZZZZ' });
    const ids = [r1.json.data!.id, r2.json.data!.id];
    const rows = await demo()
      .selectFrom('tag_replacement_requests')
      .select('suggested_equipment_id')
      .where('id', 'in', ids)
      .execute();
    expect(rows.map((x) => x.suggested_equipment_id)).toEqual([null, null]);
  });

  it('keeps an old serial that matches no tag as typed, and the admin list shows it (issue 26 item 8)', async () => {
    const fresh = await createTag(own);
    const typed = `ZZ${uid().toUpperCase()}`.slice(0, 12);
    const r = await request(t.operator, {
      newSerial: fresh,
      oldSerial: typed.toLowerCase(),
      description: '',
    });
    expect(r.status).toBe(201);
    const row = await demo()
      .selectFrom('tag_replacement_requests')
      .select(['typed_old_serial', 'suggested_equipment_id', 'description'])
      .where('id', '=', r.json.data!.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ typed_old_serial: typed, suggested_equipment_id: null, description: null });
    const listed = await rest<Page<ReplacementRequest>>('GET', `/web/equipments/replace/?query=${typed}`, {
      token: t.company,
    });
    expect(listed.json.data!.items).toEqual([
      expect.objectContaining({
        id: r.json.data!.id,
        equipmentNewSerialNumber: fresh,
        typedOldSerialNumber: typed,
        equipmentOldSerialNumber: null,
        suggestedEquipmentId: null,
      }),
    ]);
  });

  it('a second request for a pending tag updates it with the new values and says so (REST and tRPC)', async () => {
    const old = await usedTag(own, `Corrigida ${mark}`);
    const fresh = await createTag(own);
    const first = await request(t.operator, {
      newSerial: fresh,
      oldSerial: 'WRONG123',
      description: 'Primeira',
    });
    expect(first.json.data).toEqual({ id: expect.any(Number), updated: false });
    const id = first.json.data!.id;
    const corrected = await request(t.operator, {
      newSerial: fresh,
      oldSerial: old.serial,
      description: 'Corrigida',
    });
    expect([corrected.status, corrected.json.data]).toEqual([201, { id, updated: true }]);
    const rowOf = () =>
      demo()
        .selectFrom('tag_replacement_requests')
        .select(['typed_old_serial', 'suggested_equipment_id', 'description', 'status'])
        .where('new_tag_id', '=', (q) => q.selectFrom('tags').select('id').where('serial_number', '=', fresh))
        .execute();
    expect(await rowOf()).toEqual([
      {
        typed_old_serial: old.serial,
        suggested_equipment_id: old.id,
        description: 'Corrigida',
        status: 'PENDING',
      },
    ]);
    // Blank fields keep what the request had; tRPC says "updated" the same way.
    const viaTrpc = await trpcClient(t.company).tags.requestReplacement.mutate({
      newSerial: fresh,
      description: 'Nova descrição',
    });
    expect(viaTrpc).toEqual({ id, updated: true });
    expect(await rowOf()).toEqual([
      {
        typed_old_serial: old.serial,
        suggested_equipment_id: old.id,
        description: 'Nova descrição',
        status: 'PENDING',
      },
    ]);
  });

  it('refuses a used tag (409 TAG_ALREADY_USED), a disabled one (409 TAG_DISABLED), another tenant’s or company’s (404 TAG_NOT_FOUND)', async () => {
    const used = await usedTag(own, `Usada ${mark}`);
    const a = await request(t.company, { newSerial: used.serial });
    expect([a.status, a.json.error?.code, a.json.error?.params]).toEqual([
      409,
      'TAG_ALREADY_USED',
      { serial: used.serial },
    ]);
    const off = await createTag(own, { enabled: false });
    const b = await request(t.company, { newSerial: off });
    expect([b.status, b.json.error?.code]).toEqual([409, 'TAG_DISABLED']);
    const theirs = await createTag(foreign);
    const c = await request(t.group, { newSerial: theirs });
    expect([c.status, c.json.error?.code]).toEqual([404, 'TAG_NOT_FOUND']);
    const sib = await createTag(sibling);
    const d = await request(t.operator, { newSerial: sib });
    expect([d.status, d.json.error?.code]).toEqual([404, 'TAG_NOT_FOUND']);
    const e = await request(t.company, { newSerial: 'no!' });
    expect(e.status).toBe(400);
  });
});

describe('GET /web/equipments/replace/ (screen 7)', () => {
  let old: { serial: string; id: number };
  let fresh: string;
  let id: number;
  beforeAll(async () => {
    old = await usedTag(own, `Almoxarifado ${mark}`);
    fresh = await createTag(own);
    id = (
      await request(t.operator, { newSerial: fresh, oldSerial: old.serial, description: `Queimada ${mark}` })
    ).json.data!.id;
  });

  const list = (token: string, q: string) =>
    rest<Page<ReplacementRequest>>('GET', `/web/equipments/replace/?${q}`, { token });

  it('lists the request with the new tag, the suggested equipment, its product, requester and dates', async () => {
    const r = await list(t.company, `query=${encodeURIComponent(`queimada ${mark.toLowerCase()}`)}`);
    expect(r.status).toBe(200);
    expect(r.json.data!.items).toEqual([
      expect.objectContaining({
        id,
        status: 'PENDING',
        equipmentNewSerialNumber: fresh,
        equipmentOldSerialNumber: old.serial,
        suggestedEquipmentId: old.id,
        extraLabel: `Almoxarifado ${mark}`,
        productId: product.id,
        productName: product.name,
        productSku: product.sku,
        requestUsername: 'Otávio Operador',
        description: `Queimada ${mark}`,
      }),
    ]);
  });

  it('searches by new serial, old serial, equipment label, control number and product name', async () => {
    const code = (
      await demo()
        .selectFrom('equipment')
        .select('extra_code')
        .where('id', '=', old.id)
        .executeTakeFirstOrThrow()
    ).extra_code!;
    for (const q of [fresh, old.serial.toLowerCase(), `almoxarifado ${mark}`, code, `extintor co2 ${mark}`]) {
      const r = await list(t.operator, `query=${encodeURIComponent(q)}`);
      expect(
        r.json.data!.items.map((i) => i.id),
        q,
      ).toContain(id);
    }
  });

  it('filters by request day; a future day is 400 DATE_IN_FUTURE', async () => {
    const q = `query=${fresh}`;
    expect((await list(t.company, `${q}&requestFrom=${day()}&requestUpTo=${day()}`)).json.data!.total).toBe(
      1,
    );
    expect((await list(t.company, `${q}&requestUpTo=${day(-1)}`)).json.data!.total).toBe(0);
    const bad = await list(t.company, `requestFrom=${day(1)}`);
    expect([bad.status, bad.json.error?.code]).toEqual([400, 'DATE_IN_FUTURE']);
    await expect(
      trpcClient(t.company).tags.replacementRequests.query({ requestUpTo: day(3) }),
    ).rejects.toMatchObject({ data: { code: 'DATE_IN_FUTURE' } });
  });

  it('sorts by every column', async () => {
    for (const field of [
      'requestDate',
      'equipmentNewSerialNumber',
      'equipmentOldSerialNumber',
      'extraLabel',
      'productName',
      'requestUsername',
      'updateDate',
    ])
      for (const direction of ['asc', 'desc'])
        expect((await list(t.group, `field=${field}&direction=${direction}&status=ALL`)).status).toBe(200);
  });

  it('company roles see their company’s requests only; another tenant sees none', async () => {
    const sibFresh = await createTag(sibling);
    const sibId = (await request(t.group, { newSerial: sibFresh })).json.data!.id;
    const ids = async (token: string) =>
      (await list(token, 'size=1000&status=ALL')).json.data!.items.map((i) => i.id);
    expect(await ids(t.group)).toEqual(expect.arrayContaining([id, sibId]));
    expect(await ids(t.company)).toContain(id);
    expect(await ids(t.company)).not.toContain(sibId);
    expect(await ids(t.operator)).not.toContain(sibId);
    expect(await ids(foreign.token)).not.toContain(id);
    const s = await rest('GET', `/web/equipments/replace/${sibId}/suggest`, { token: t.company });
    expect([s.status, s.json.error?.code]).toEqual([404, 'TAG_REPLACEMENT_NOT_FOUND']);
    const c = await rest('GET', `/web/equipments/replace/${id}`, { token: foreign.token });
    expect([c.status, c.json.error?.code]).toEqual([404, 'TAG_REPLACEMENT_NOT_FOUND']);
  });

  it('suggest answers the suggested old equipment; candidates list the company’s equipment, searchable', async () => {
    const s = await rest<ReplaceableEquipment>('GET', `/web/equipments/replace/${id}/suggest`, {
      token: t.operator,
    });
    expect(s.status).toBe(200);
    expect(s.json.data).toMatchObject({
      id: old.id,
      tagSerialNumber: old.serial,
      extraLabel: `Almoxarifado ${mark}`,
      productId: product.id,
      productName: product.name,
      productSku: product.sku,
      hasImage: false,
      productImage: null,
      enabledTag: true,
    });
    expect(typeof s.json.data!.createdAtMillis).toBe('number');
    const other = await usedTag(own, `Garagem ${mark}`);
    const sib = await usedTag(sibling, `Garagem filial ${mark}`);
    const c = await rest<Page<ReplaceableEquipment>>(
      'GET',
      `/web/equipments/replace/${id}?query=${encodeURIComponent(`garagem ${mark}`)}`,
      { token: t.company },
    );
    expect(c.status).toBe(200);
    expect(c.json.data!.items.map((i) => i.tagSerialNumber)).toEqual([other.serial]);
    // Group admins: still the request's company only.
    const g = await trpcClient(t.group).tags.replacementCandidates.query({
      id,
      query: `garagem`,
      pageSize: 1000,
    });
    expect(g.items.map((i) => i.tagSerialNumber)).toContain(other.serial);
    expect(g.items.map((i) => i.tagSerialNumber)).not.toContain(sib.serial);
    const none = await rest('GET', `/web/equipments/replace/${id + 100000}/suggest`, { token: t.group });
    expect([none.status, none.json.error?.code]).toEqual([404, 'TAG_REPLACEMENT_NOT_FOUND']);
  });

  it('a request without a suggestion answers null', async () => {
    const f = await createTag(own);
    const rid = (await request(t.company, { newSerial: f })).json.data!.id;
    const s = await rest('GET', `/web/equipments/replace/${rid}/suggest/`, { token: t.company });
    expect(s.status).toBe(200);
    expect(s.json.data).toBeNull();
  });
});

describe('PUT /web/tags/{serial}/replace-to/{otherSerial}', () => {
  const put = (token: string, from: string, to: string) =>
    rest<Replaced>('PUT', `/web/tags/${from}/replace-to/${to}`, { token });

  it('moves the equipment with all its history to the new tag; the old tag is disabled; a TAG_REPLACED snapshot; the request completes', async () => {
    const old = await usedTag(own, `Transferência ${mark}`);
    const fresh = await createTag(own);
    const made = await request(t.operator, { newSerial: fresh, oldSerial: old.serial });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const rid = made.json.data!.id;
    const usedBefore = (await trpcClient(t.company).tags.usedCount.query()).used;

    const r = await put(t.company, old.serial, fresh);
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({
      equipmentId: old.id,
      tagSerialNumber: fresh,
      oldTagSerialNumber: old.serial,
      completedRequests: 1,
    });

    // The inspections and snapshots are reached from the new serial.
    const history = await demo()
      .selectFrom('tags as t')
      .innerJoin('equipment as e', 'e.tag_id', 't.id')
      .select(['e.id', 'e.search'])
      .where('t.serial_number', '=', fresh)
      .executeTakeFirstOrThrow();
    expect(history.id).toBe(old.id);
    const inspections = await demo()
      .selectFrom('tags as t')
      .innerJoin('equipment as e', 'e.tag_id', 't.id')
      .innerJoin('inspections as i', 'i.equipment_id', 'e.id')
      .select(['i.id', 'i.user_name'])
      .where('t.serial_number', '=', fresh)
      .execute();
    expect(inspections.map((i) => i.user_name)).toEqual(['Inspetor de Teste']);
    const snapshots = await demo()
      .selectFrom('tags as t')
      .innerJoin('equipment as e', 'e.tag_id', 't.id')
      .innerJoin('equipment_snapshots as s', 's.equipment_id', 'e.id')
      .select(['s.kind', 's.tag_serial'])
      .where('t.serial_number', '=', fresh)
      .orderBy('s.id')
      .execute();
    expect(snapshots.map((x) => `${x.kind}:${x.tag_serial}`)).toEqual([
      `CREATED:${old.serial}`,
      `TAG_REPLACED:${fresh}`,
    ]);
    expect(history.search).toContain(fresh.toLowerCase());
    expect(history.search).not.toContain(old.serial.toLowerCase());
    const snap = await demo()
      .selectFrom('equipment_snapshots')
      .selectAll()
      .where('equipment_id', '=', old.id)
      .where('kind', '=', 'TAG_REPLACED')
      .executeTakeFirstOrThrow();
    expect(snap).toMatchObject({
      user_name: 'Carla Empresa',
      product_name: product.name,
      product_sku: product.sku,
      extra_label: `Transferência ${mark}`,
    });

    const oldRow = await tagRow(own.schema, old.serial);
    expect([oldRow.enabled, oldRow.activated_at]).toEqual([false, null]);
    const newRow = await tagRow(own.schema, fresh);
    expect(newRow.enabled).toBe(true);
    expect(newRow.activated_at).toBeInstanceOf(Date);
    const req = await demo()
      .selectFrom('tag_replacement_requests')
      .selectAll()
      .where('id', '=', rid)
      .executeTakeFirstOrThrow();
    expect(req).toMatchObject({ status: 'COMPLETED', completed_equipment_id: old.id });
    expect(req.completed_by).toEqual(expect.any(Number));
    expect(req.completed_at).toBeInstanceOf(Date);
    // One tag out of use, one into it.
    expect((await trpcClient(t.company).tags.usedCount.query()).used).toBe(usedBefore);

    // The tags list shows the equipment on the new tag; the old one unused and disabled.
    const l = await trpcClient(t.operator).tags.list.query({ query: `Transferência ${mark}` });
    expect(l.items.map((i) => [i.serialNumber, i.equipmentSerialNumber])).toEqual([[fresh, fresh]]);
    const oldItem = (await trpcClient(t.operator).tags.list.query({ query: old.serial })).items[0]!;
    expect(oldItem).toMatchObject({ enabled: false, used: false, equipmentSerialNumber: null });
    // The completed request leaves the default list and shows no "old" serial any more.
    const open = await trpcClient(t.company).tags.replacementRequests.query({ query: fresh });
    expect(open.total).toBe(0);
    const all = await trpcClient(t.company).tags.replacementRequests.query({ query: fresh, status: 'ALL' });
    expect(all.items[0]).toMatchObject({
      id: rid,
      status: 'COMPLETED',
      equipmentOldSerialNumber: null,
      suggestedEquipmentId: old.id,
    });
  });

  it('the operator may not transfer: 403 FORBIDDEN on both doors', async () => {
    const old = await usedTag(own, `Operador ${mark}`);
    const fresh = await createTag(own);
    const r = await put(t.operator, old.serial, fresh);
    expect([r.status, r.json.error?.code]).toEqual([403, 'FORBIDDEN']);
    await expect(
      trpcClient(t.operator).tags.replaceTo.mutate({ serial: old.serial, otherSerial: fresh }),
    ).rejects.toMatchObject({
      data: { code: 'FORBIDDEN', httpStatus: 403 },
    });
    const e = await demo()
      .selectFrom('equipment')
      .select('tag_id')
      .where('id', '=', old.id)
      .executeTakeFirstOrThrow();
    expect(e.tag_id).toBe((await tagRow(own.schema, old.serial)).id);
  });

  it('answers 404 TAG_NOT_FOUND outside the scope, 409 for a used or disabled new tag, an unused old tag or another company', async () => {
    const old = await usedTag(own, `Erros ${mark}`);
    const fresh = await createTag(own);
    const code = async (token: string, from: string, to: string) => {
      const r = await put(token, from, to);
      return [r.status, r.json.error?.code];
    };
    const theirs = await createTag(foreign);
    expect(await code(t.group, old.serial, theirs)).toEqual([404, 'TAG_NOT_FOUND']);
    expect(await code(foreign.token, old.serial, fresh)).toEqual([404, 'TAG_NOT_FOUND']);
    expect(await code(t.admin, old.serial, 'ZZZZZZZZZZ')).toEqual([404, 'TAG_NOT_FOUND']);
    const sibFresh = await createTag(sibling);
    expect(await code(t.company, old.serial, sibFresh)).toEqual([404, 'TAG_NOT_FOUND']);
    expect(await code(t.group, old.serial, sibFresh)).toEqual([409, 'TAG_COMPANY_MISMATCH']);
    const other = await usedTag(own, `Outra ${mark}`);
    expect(await code(t.company, old.serial, other.serial)).toEqual([409, 'TAG_ALREADY_USED']);
    expect(await code(t.company, old.serial, old.serial)).toEqual([409, 'TAG_ALREADY_USED']);
    const off = await createTag(own, { enabled: false });
    expect(await code(t.company, old.serial, off)).toEqual([409, 'TAG_DISABLED']);
    const unused = await createTag(own);
    expect(await code(t.company, unused, fresh)).toEqual([409, 'TAG_NOT_USED']);
    // Nothing moved.
    const e = await demo()
      .selectFrom('equipment')
      .select('tag_id')
      .where('id', '=', old.id)
      .executeTakeFirstOrThrow();
    expect(e.tag_id).toBe((await tagRow(own.schema, old.serial)).id);
    expect((await tagRow(own.schema, fresh)).activated_at).toBeNull();
  });

  it('two transfers at once: exactly one wins (same old tag to two new tags; two old tags to one new tag; crossed pairs)', async () => {
    const old = await usedTag(own, `Corrida ${mark}`);
    const [n1, n2] = [await createTag(own), await createTag(own)];
    const a = await Promise.all([put(t.company, old.serial, n1), put(t.group, old.serial, n2)]);
    expect(a.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(a.find((x) => x.status === 409)!.json.error?.code).toBe('TAG_NOT_USED');
    const winner = a.find((x) => x.status === 200)!.json.data!.tagSerialNumber;
    const onWinner = await demo()
      .selectFrom('equipment as e')
      .innerJoin('tags as t', 't.id', 'e.tag_id')
      .select('t.serial_number')
      .where('e.id', '=', old.id)
      .executeTakeFirstOrThrow();
    expect(onWinner.serial_number).toBe(winner);

    const [o1, o2] = [await usedTag(own, `Corrida A ${mark}`), await usedTag(own, `Corrida B ${mark}`)];
    const target = await createTag(own);
    const b = await Promise.all([put(t.company, o1.serial, target), put(t.admin, o2.serial, target)]);
    expect(b.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(b.find((x) => x.status === 409)!.json.error?.code).toBe('TAG_ALREADY_USED');
    const onTarget = await demo()
      .selectFrom('equipment as e')
      .innerJoin('tags as t', 't.id', 'e.tag_id')
      .select('e.id')
      .where('t.serial_number', '=', target)
      .execute();
    expect(onTarget).toHaveLength(1);

    // X→Y and Y→X-shaped pairs over the same two rows lock in one order: no deadlock, one wins.
    const p = await usedTag(own, `Cruzada ${mark}`);
    const q = await createTag(own);
    const c = await Promise.all([put(t.company, p.serial, q), put(t.group, q, p.serial)]);
    expect(c.map((x) => x.status).sort()).toEqual([200, 409]);
  });

  it('a disabled old tag gives its equipment to the new tag within the tags limit', async () => {
    const { coreDb } = await import('../../../src/server/db/database.ts');
    const small: Where = { ...own, companyId: await otherDemoCompany(own.groupId) };
    await coreDb()
      .updateTable('companies')
      .set({ tags_limit: 1 })
      .where('id', '=', small.companyId)
      .execute();
    const a = await usedTag(small, `Limite A ${mark}`);
    const b = await usedTag(small, `Limite B ${mark}`);
    // b's label is damaged: disabled first (not counted), so a is the one tag in use.
    await trpcClient(t.group).tags.toggle.mutate({ serial: b.serial, enabled: false });
    const fresh = await createTag(small);
    const r = await put(t.group, b.serial, fresh);
    expect([r.status, r.json.error?.code]).toEqual([409, 'TAGS_LIMIT_REACHED']);
    // Disabling a first frees the place.
    await trpcClient(t.group).tags.toggle.mutate({ serial: a.serial, enabled: false });
    expect((await put(t.group, b.serial, fresh)).status).toBe(200);
    // An enabled old tag moves within the limit (one out of use, one into it).
    const fresh2 = await createTag(small);
    expect((await put(t.group, fresh, fresh2)).status).toBe(200);
    const inUse = await tenantDb(small.schema)
      .selectFrom('tags')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('company_id', '=', small.companyId)
      .where('enabled', '=', true)
      .where('activated_at', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(inUse.n).toBe(1);
  });
});
