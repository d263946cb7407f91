import { beforeAll, describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { activeTagsCount } from '../../../src/server/domains/account/logged-user-counters.ts';
import { authenticate } from '../../../src/server/domains/auth/service.ts';
import { addMonths } from '../../../src/shared/equipment/status.ts';
import { DEMO, rest, trpcClient } from '../../helpers/api.ts';
import {
  type Catalogue,
  createTag,
  demoDb,
  equipmentSetup,
  extinguisherCatalogue,
  foreignTag,
  newSerial,
  otherDemoCompany,
  register,
  type Setup,
} from './helpers.ts';

let t: Setup['t'];
let c: Catalogue;
let demo: Setup['demo'];
beforeAll(async () => {
  ({ t, demo, c } = await equipmentSetup());
});

const tagOf = (companyId = demo.companyId) => createTag({ ...demo, companyId });

describe('registerOptions', () => {
  it('answers the company and the enabled products with their enabled attributes (operator too)', async () => {
    const serial = await tagOf();
    const r = await rest<{
      serialNumber: string;
      companyId: number;
      products: {
        id: number;
        isExtinguisher: boolean;
        isDvExclusive: boolean;
        attributes: { id: number }[];
      }[];
    }>('GET', `/web/equipments/options/?tag=${serial.toLowerCase()}`, { token: t.operator });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ serialNumber: serial, companyId: demo.companyId });
    const mine = r.json.data!.products.find((p) => p.id === c.productId)!;
    expect(mine.isExtinguisher).toBe(true);
    expect(mine.attributes.map((a) => a.id)).toEqual([
      c.attributes.manufacturing,
      c.attributes.recharge,
      c.attributes.number,
    ]);
    expect(r.json.data!.products.find((p) => p.id === c.exclusiveId)?.isDvExclusive).toBe(true);
    const viaTrpc = await trpcClient(t.company).equipment.registerOptions.query({ tag: serial });
    expect(viaTrpc.products.map((p) => p.id)).toContain(c.productId);
  });

  it('a tag out of reach is 404 with exactly the body of an unknown serial', async () => {
    const foreign = (await foreignTag()).serial;
    const sisterCompany = await otherDemoCompany(demo.groupId);
    const sister = await tagOf(sisterCompany);
    const unknown = await rest('GET', `/web/equipments/options/?tag=${newSerial()}`, { token: t.company });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error?.code).toBe('TAG_NOT_FOUND');
    for (const [token, serial] of [
      [t.company, foreign],
      [t.operator, foreign],
      [t.group, foreign],
      [t.company, sister],
      [t.operator, sister],
    ] as const) {
      const r = await rest('GET', `/web/equipments/options/?tag=${serial}`, { token });
      expect(r.status).toBe(404);
      expect(r.json).toEqual(unknown.json);
      const w = await rest('POST', '/web/equipments/', {
        token,
        body: { tagSerialNumber: serial, productId: c.productId },
      });
      expect(w.status).toBe(404);
      expect(w.json).toEqual(unknown.json);
    }
    // A group admin reaches every company of the group.
    const g = await rest('GET', `/web/equipments/options/?tag=${sister}`, { token: t.group });
    expect(g.status).toBe(200);
    expect(g.json.data).toMatchObject({ companyId: sisterCompany });
  });

  it('used tag 409 TAG_ALREADY_USED, disabled tag 409 TAG_DISABLED', async () => {
    const used = await tagOf();
    await register(t.company, { tagSerialNumber: used, productId: c.productId });
    const r = await rest('GET', `/web/equipments/options/?tag=${used}`, { token: t.operator });
    expect(r.status).toBe(409);
    expect(r.json.error).toMatchObject({ code: 'TAG_ALREADY_USED', params: { serial: used } });
    const off = await createTag(demo, { enabled: false });
    const d = await rest('GET', `/web/equipments/options/?tag=${off}`, { token: t.operator });
    expect(d.status).toBe(409);
    expect(d.json.error?.code).toBe('TAG_DISABLED');
    const w = await rest('POST', '/web/equipments/', {
      token: t.operator,
      body: { tagSerialNumber: off, productId: c.productId },
    });
    expect(w.json.error?.code).toBe('TAG_DISABLED');
  });
});

describe('register', () => {
  it('registers over REST (201 {data:{id, tagSerialNumber}}): tag used, snapshot, values, search, due date', async () => {
    const serial = await tagOf();
    const before = await activeTagsCount((await authenticate(t.company))!);
    const r = await rest<{ id: number; tagSerialNumber: string }>('POST', '/web/equipments/', {
      token: t.operator,
      body: {
        tagSerialNumber: serial,
        productId: c.productId,
        extraLabel: 'Corredor Ala Sul',
        extraCode: 'CTRL-77',
        attributes: [
          { attributeId: c.attributes.manufacturing, value: '2024-01-15' },
          { attributeId: c.attributes.recharge, value: '2025-03-10' },
          { attributeId: c.attributes.number, value: 'CIL-1' },
        ],
      },
    });
    expect(r.status).toBe(201);
    expect(r.json.data).toEqual({ id: expect.any(Number), tagSerialNumber: serial });
    const id = r.json.data!.id;
    const row = await demoDb()
      .selectFrom('equipment')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // ABNT: recharge + 12 months (2026-03-10) comes before manufacture + 5 years (2029-01-15).
    expect(row).toMatchObject({
      company_id: demo.companyId,
      product_id: c.productId,
      extra_label: 'Corredor Ala Sul',
      extra_code: 'CTRL-77',
      due_date: '2026-03-10',
      due_notice_date: '2026-02-28',
      due_date_manual: false,
      next_inspection_date: null,
      last_inspection_at: null,
    });
    expect(row.search).toContain(`|${serial.toLowerCase()}|corredor ala sul|ctrl-77|extintor pqs`);
    const tag = await demoDb()
      .selectFrom('tags')
      .selectAll()
      .where('serial_number', '=', serial)
      .executeTakeFirstOrThrow();
    expect(tag.activated_at).toBeInstanceOf(Date);
    expect(await activeTagsCount((await authenticate(t.company))!)).toBe(before + 1);
    const snaps = await demoDb()
      .selectFrom('equipment_snapshots')
      .selectAll()
      .where('equipment_id', '=', id)
      .execute();
    expect(snaps).toEqual([
      expect.objectContaining({
        kind: 'CREATED',
        user_email: DEMO.operator,
        user_name: 'Otávio Operador',
        tag_serial: serial,
        extra_label: 'Corredor Ala Sul',
        extra_code: 'CTRL-77',
      }),
    ]);
    const values = await demoDb()
      .selectFrom('equipment_attribute_values')
      .select(['attribute_id', 'value'])
      .where('equipment_id', '=', id)
      .orderBy('attribute_id')
      .execute();
    expect(values.map((v) => v.value)).toEqual(['2024-01-15', '2025-03-10', 'CIL-1']);
  });

  it('registers over tRPC; a typed due date is manual; no due date for a product without one', async () => {
    const api = trpcClient(t.group);
    const serial = await tagOf();
    const r = await api.equipment.register.mutate({
      tagSerialNumber: serial,
      productId: c.productId,
      dueDate: '2027-07-01',
      attributes: [{ attributeId: c.attributes.recharge, value: '2025-03-10' }],
    });
    expect(r.tagSerialNumber).toBe(serial);
    const e = await api.equipment.get.query({ tag: serial });
    expect(e).toMatchObject({ id: r.id, dueDate: '2027-07-01', status: 'NA', lastInspection: null });
    const row = await demoDb()
      .selectFrom('equipment')
      .select('due_date_manual')
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    expect(row.due_date_manual).toBe(true);
    const plain = await tagOf();
    const p = await api.equipment.register.mutate({
      tagSerialNumber: plain,
      productId: c.noDueId,
      dueDate: '2027-07-01',
      attributes: [{ attributeId: c.attributes.recharge, value: '2025-03-10' }],
    });
    expect((await api.equipment.get.query({ tag: plain })).dueDate).toBeNull();
    expect(p.id).toBeGreaterThan(0);
    // Manufacture alone: + 5 years.
    const made = await tagOf();
    await api.equipment.register.mutate({
      tagSerialNumber: made,
      productId: c.productId,
      attributes: [{ attributeId: c.attributes.manufacturing, value: '2024-02-29' }],
    });
    expect((await api.equipment.get.query({ tag: made })).dueDate).toBe(addMonths('2024-02-29', 60));
  });

  it('refuses an invalid product or attribute, naming the attribute', async () => {
    const serial = await tagOf();
    const body = { tagSerialNumber: serial, productId: c.productId };
    const bad = async (over: Record<string, unknown>) =>
      (await rest('POST', '/web/equipments/', { token: t.company, body: { ...body, ...over } })).json.error;
    expect((await bad({ productId: 2_000_000_000 }))?.code).toBe('EQUIPMENT_PRODUCT_INVALID');
    expect(
      await bad({ attributes: [{ attributeId: c.attributes.recharge, value: '2025-02-30' }] }),
    ).toMatchObject({ code: 'EQUIPMENT_ATTRIBUTE_INVALID', params: { attribute: 'Data de recarga' } });
    expect(await bad({ attributes: [{ attributeId: c.attributes.disabled, value: 'x' }] })).toMatchObject({
      code: 'EQUIPMENT_ATTRIBUTE_INVALID',
      params: { attribute: 'Atributo desativado' },
    });
    expect(
      await bad({
        attributes: [
          { attributeId: c.attributes.number, value: 'a' },
          { attributeId: c.attributes.number, value: 'b' },
        ],
      }),
    ).toMatchObject({ code: 'EQUIPMENT_ATTRIBUTE_INVALID', params: { attribute: 'Número do cilindro' } });
    // An attribute of another inspection type.
    const other = await extinguisherCatalogue(t.group, t.admin);
    expect(await bad({ attributes: [{ attributeId: other.attributes.number, value: 'x' }] })).toMatchObject({
      code: 'EQUIPMENT_ATTRIBUTE_INVALID',
    });
    // Nothing was written: the tag is still free.
    const ok = await rest('POST', '/web/equipments/', { token: t.company, body });
    expect(ok.status).toBe(201);
  });

  it('two users registering the same tag at once: exactly one wins, the other gets 409 TAG_ALREADY_USED', async () => {
    for (let round = 0; round < 3; round++) {
      const serial = await tagOf();
      const body = { tagSerialNumber: serial, productId: c.productId };
      const results = await Promise.all(
        [t.company, t.operator, t.group].map((token) => rest('POST', '/web/equipments/', { token, body })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      for (const r of results.filter((x) => x.status === 409))
        expect(r.json.error?.code).toBe('TAG_ALREADY_USED');
      const rows = await demoDb()
        .selectFrom('equipment as e')
        .innerJoin('tags as t', 't.id', 'e.tag_id')
        .select('e.id')
        .where('t.serial_number', '=', serial)
        .execute();
      expect(rows).toHaveLength(1);
    }
  });
});

describe('tags limit', () => {
  it('409 TAGS_LIMIT_REACHED past the limit; exclusive products and disabled tags do not count', async () => {
    const companyId = await otherDemoCompany(demo.groupId);
    await coreDb().updateTable('companies').set({ tags_limit: 2 }).where('id', '=', companyId).execute();
    const tag = () => tagOf(companyId);
    const reg = (serial: string, productId: number) =>
      rest('POST', '/web/equipments/', { token: t.group, body: { tagSerialNumber: serial, productId } });
    expect((await reg(await tag(), c.productId)).status).toBe(201);
    expect((await reg(await tag(), c.exclusiveId)).status).toBe(201);
    expect((await reg(await tag(), c.exclusiveId)).status).toBe(201);
    const second = await tag();
    expect((await reg(second, c.noDueId)).status).toBe(201);
    const third = await reg(await tag(), c.productId);
    expect(third.status).toBe(409);
    expect(third.json.error).toMatchObject({ code: 'TAGS_LIMIT_REACHED', params: { limit: 2 } });
    // Exclusive products still register.
    expect((await reg(await tag(), c.exclusiveId)).status).toBe(201);
    // A disabled tag stops counting.
    await demoDb().updateTable('tags').set({ enabled: false }).where('serial_number', '=', second).execute();
    expect((await reg(await tag(), c.productId)).status).toBe(201);
    // Concurrent registrations cannot both take the last tag.
    await coreDb().updateTable('companies').set({ tags_limit: 3 }).where('id', '=', companyId).execute();
    const racing = await Promise.all([await tag(), await tag(), await tag()].map((s) => reg(s, c.productId)));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('moving equipment from an exclusive product to a counted one is held to the limit too', async () => {
    const companyId = await otherDemoCompany(demo.groupId);
    await coreDb().updateTable('companies').set({ tags_limit: 1 }).where('id', '=', companyId).execute();
    const a = await tagOf(companyId);
    const b = await tagOf(companyId);
    await register(t.group, { tagSerialNumber: a, productId: c.productId });
    await register(t.group, { tagSerialNumber: b, productId: c.exclusiveId });
    const r = await rest('PUT', `/web/equipments/${b}/`, {
      token: t.group,
      body: { productId: c.productId },
    });
    expect(r.status).toBe(409);
    expect(r.json.error?.code).toBe('TAGS_LIMIT_REACHED');
  });
});
