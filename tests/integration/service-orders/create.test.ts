import { TRPCClientError } from '@trpc/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantDb } from '../../../src/server/db/database.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { otherTenant } from '../equipment/helpers.ts';
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
} from './helpers.ts';

let t: SoTenant;
beforeAll(async () => {
  t = await soTenant();
}, 60_000);

async function post(token: string, body: unknown) {
  return rest<OrderJson>('POST', '/web/service-order/', { token, body });
}

describe('POST /web/service-order/ — the seed’s checks, in order', () => {
  it('a start date before today comes first, even with no equipment and blank fields', async () => {
    const r = await post(t.tokens.group, { startDate: day(-1), equipments: [] });
    expect(r.status).toBe(400);
    expect(r.json.error?.code).toBe('SERVICE_ORDER_START_DATE_PAST');
    expect(r.json.error?.message).toBe('Insirar uma data de início igual ou superior ao dia de hoje.');
  });

  it('then no equipment, even with blank required fields', async () => {
    for (const body of [
      { startDate: day(0) },
      { equipments: [] },
      { startDate: '', priority: '', equipments: [] },
    ]) {
      const r = await post(t.tokens.group, body);
      expect(r.status).toBe(400);
      expect(r.json.error?.code).toBe('SERVICE_ORDER_NO_EQUIPMENT');
      expect(r.json.error?.message).toBe('Insirar algum equipamento para cadastrar.');
    }
  });

  it('then any blank required field: end, start, priority, type, responsible', async () => {
    const e = await newEquipment(t);
    for (const blank of ['endDate', 'startDate', 'priority', 'type', 'responsibleUserId']) {
      const r = await post(
        t.tokens.group,
        orderBody(t, [e], { [blank]: blank === 'responsibleUserId' ? null : '' }),
      );
      expect(r.status, blank).toBe(400);
      expect(r.json.error?.code, blank).toBe('SERVICE_ORDER_MISSING_FIELDS');
      expect(r.json.error?.message).toBe('Existem dados obrigatórios em branco.');
    }
    // Left out entirely is blank too.
    const { priority: _p, ...noPriority } = orderBody(t, [e]);
    expect((await post(t.tokens.group, noPriority)).json.error?.code).toBe('SERVICE_ORDER_MISSING_FIELDS');
  });

  it('then a start after the end, and the equipment and people', async () => {
    const e = await newEquipment(t);
    const r = await post(t.tokens.group, orderBody(t, [e], { startDate: day(5), endDate: day(2) }));
    expect(r.status).toBe(400);
    expect(r.json.error?.code).toBe('SERVICE_ORDER_DATE_RANGE');

    const disabled = await newEquipment(t, { enabled: false });
    const d = await post(t.tokens.group, orderBody(t, [e, disabled]));
    expect(d.status).toBe(400);
    expect(d.json.error).toMatchObject({
      code: 'SERVICE_ORDER_EQUIPMENT_TAG_DISABLED',
      params: { equipment: disabled.serial },
    });

    const twice = await post(t.tokens.group, orderBody(t, [e, e]));
    expect(twice.status).toBe(400);
    expect(twice.json.error?.code).toBe('SERVICE_ORDER_EQUIPMENT_REPEATED');

    const unknown = await post(t.tokens.group, orderBody(t, [e, { id: 2_000_000_000 }]));
    expect(unknown.status).toBe(404);
    expect(unknown.json.error?.code).toBe('SERVICE_ORDER_EQUIPMENT_NOT_FOUND');
  });

  it('an invalid value is still a 400 with issues (not one of the seed’s texts)', async () => {
    const e = await newEquipment(t);
    const r = await post(t.tokens.group, orderBody(t, [e], { priority: 'URGENT', startDate: '31/12/2099' }));
    expect(r.status).toBe(400);
    expect(r.json.error?.code).toBe('VALIDATION_FAILED');
    expect(r.json.error?.issues?.map((i) => i.path).sort()).toEqual(['priority', 'startDate']);
  });
});

describe('a created order', () => {
  it('is PENDING, numbered in its company, requested by the caller, with its equipment (201 {data})', async () => {
    const a = await newEquipment(t);
    const b = await newEquipment(t);
    const observation = `Troca de lacres ${uid()}`;
    const r = await post(
      t.tokens.companyAdmin,
      orderBody(t, [a], {
        observation,
        // The seed sends a status, the logged user's id and null completion dates: all ignored.
        status: 'FINISHED',
        requestUserId: t.operatorId,
        type: 'INSPECTION',
        priority: 'LOWEST',
        equipments: [
          { equipmentId: a.id, completionDate: day(0) },
          // By tag serial, as the seed's client sends it, with its own responsible.
          {
            equipmentSerialNumber: b.serial.toLowerCase(),
            name: 'x',
            type: 'y',
            responsibleUserId: t.operatorId,
          },
        ],
      }),
    );
    expect(r.status).toBe(201);
    const o = r.json.data!;
    expect(o).toMatchObject({
      companyId: t.companyId,
      companyName: t.companyName,
      status: 'PENDING',
      type: 'INSPECTION',
      priority: 'LOWEST',
      startDate: day(0),
      endDate: day(10),
      observation,
      responsibleUserId: t.operatorId,
      responsibleUserName: t.operatorName,
      equipmentCount: 2,
      completedCount: 0,
    });
    expect(o.requestUserId).not.toBe(t.operatorId);
    expect(o.requestUserName).toBeTruthy();
    expect(o.number).toBeGreaterThan(0);
    expect(
      o.equipments.map((e) => [e.equipmentId, e.equipmentSerialNumber, e.extraLabel, e.completionDate]),
    ).toEqual([
      [a.id, a.serial, a.extraLabel, null],
      [b.id, b.serial, b.extraLabel, null],
    ]);
    expect(o.equipments.every((e) => e.responsibleUserName === t.operatorName)).toBe(true);
    expect(o.equipments[0]!.productSku).toMatch(/^PQS-/);
    // The stored row says the same.
    const row = await tenantDb(t.schema)
      .selectFrom('service_orders')
      .select(['number', 'status', 'company_id', 'items_count'])
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ number: o.number, status: 'PENDING', company_id: t.companyId, items_count: 2 });
  });

  it('numbers are sequential per company, without gaps or repeats under concurrent creates', async () => {
    const es = await Promise.all(Array.from({ length: 3 }, () => newEquipment(t)));
    const eb = await newEquipment(t, { companyId: t.companyB });
    const bResponsible = t.operatorBId;
    const before = await tenantDb(t.schema)
      .selectFrom('service_order_counters')
      .select('last_number')
      .where('company_id', '=', t.companyId)
      .executeTakeFirst();
    const start = before?.last_number ?? 0;
    const created = await Promise.all([
      ...Array.from({ length: 8 }, (_v, i) => createOrder(t.tokens.group, orderBody(t, [es[i % 3]!]))),
      ...Array.from({ length: 4 }, () =>
        createOrder(t.tokens.group, orderBody(t, [eb], { responsibleUserId: bResponsible })),
      ),
    ]);
    const a = created.filter((o) => o.companyId === t.companyId).map((o) => o.number);
    const b = created.filter((o) => o.companyId === t.companyB).map((o) => o.number);
    expect(a.sort((x, y) => x - y)).toEqual(Array.from({ length: 8 }, (_v, i) => start + i + 1));
    // Company B has its own sequence (this file's tenant: B's first orders).
    expect(b.sort((x, y) => x - y)).toEqual([1, 2, 3, 4]);
  });
});

describe('who may create what', () => {
  it('operators are refused on both doors (403), and nothing is written', async () => {
    const e = await newEquipment(t);
    const body = orderBody(t, [e], { observation: `Operador ${uid()}` });
    const r = await post(t.tokens.operator, body);
    expect(r.status).toBe(403);
    expect(r.json.error?.code).toBe('FORBIDDEN');
    await expect(
      trpcClient(t.tokens.operator).serviceOrders.create.mutate(body as never),
    ).rejects.toMatchObject({
      data: { code: 'FORBIDDEN' },
    });
    for (const path of ['/web/service-order/', '/web/service-order/users', '/web/service-order/equipment/']) {
      expect((await rest('GET', path, { token: t.tokens.operator })).status, path).toBe(403);
    }
    const written = await tenantDb(t.schema)
      .selectFrom('service_orders')
      .select('id')
      .where('observation', '=', body.observation)
      .execute();
    expect(written).toEqual([]);
  });

  it('a company admin cannot use another company’s equipment (404, as if it did not exist)', async () => {
    const mine = await newEquipment(t);
    const theirs = await newEquipment(t, { companyId: t.companyB });
    const r = await post(t.tokens.companyAdmin, orderBody(t, [mine, theirs]));
    expect(r.status).toBe(404);
    expect(r.json.error).toMatchObject({
      code: 'SERVICE_ORDER_EQUIPMENT_NOT_FOUND',
      params: { equipment: String(theirs.id) },
    });
    // By serial the message names the serial the caller typed, nothing more.
    const bySerial = await post(
      t.tokens.companyAdmin,
      orderBody(t, [mine], { equipments: [{ equipmentSerialNumber: theirs.serial }] }),
    );
    expect(bySerial.status).toBe(404);
    expect(bySerial.json.error?.params).toEqual({ equipment: theirs.serial });
  });

  it('a group admin cannot mix companies in one order', async () => {
    const a = await newEquipment(t);
    const b = await newEquipment(t, { companyId: t.companyB });
    const r = await post(t.tokens.group, orderBody(t, [a, b]));
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({
      code: 'SERVICE_ORDER_EQUIPMENT_OTHER_COMPANY',
      params: { equipment: b.serial },
    });
  });

  it('the responsible must be an active user of the order’s company (or a group admin)', async () => {
    const a = await newEquipment(t);
    const inactive = await makeUser({ groupId: t.groupId, companyId: t.companyId, status: 'INACTIVE' });
    const strangerTenant = await otherTenant();
    const stranger = await makeUser({ groupId: strangerTenant.groupId, companyId: strangerTenant.companyId });
    for (const responsibleUserId of [t.operatorBId, inactive.id, stranger.id]) {
      const r = await post(t.tokens.group, orderBody(t, [a], { responsibleUserId }));
      expect(r.status, String(responsibleUserId)).toBe(400);
      expect(r.json.error?.code).toBe('SERVICE_ORDER_RESPONSIBLE_INVALID');
    }
    // An item's responsible too.
    const item = await post(
      t.tokens.group,
      orderBody(t, [a], { equipments: [{ equipmentId: a.id, responsibleUserId: t.operatorBId }] }),
    );
    expect(item.json.error?.code).toBe('SERVICE_ORDER_RESPONSIBLE_INVALID');
  });

  it('another tenant’s equipment does not exist here', async () => {
    const other = await otherTenant();
    const otherToken = await loginAs(other.email, 'Demo@123');
    const r = await post(otherToken, {
      ...orderBody(t, [await newEquipment(t)]),
      responsibleUserId: 1,
    });
    expect(r.status).toBe(404);
    expect(r.json.error?.code).toBe('SERVICE_ORDER_EQUIPMENT_NOT_FOUND');
  });

  it('tRPC answers the same codes as REST', async () => {
    const client = trpcClient(t.tokens.group);
    const err = await client.serviceOrders.create
      .mutate({ startDate: day(-3), equipments: [] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCClientError);
    expect((err as TRPCClientError<never>).data).toMatchObject({ code: 'SERVICE_ORDER_START_DATE_PAST' });
    const e = await newEquipment(t);
    const o = await client.serviceOrders.create.mutate(orderBody(t, [e]) as never);
    expect(o.status).toBe('PENDING');
    expect(o.equipments[0]!.equipmentSerialNumber).toBe(e.serial);
  });

  it('the demo company has its demo orders: number 1 under way (PARTIAL), number 2 waiting', async () => {
    const admin = await loginAs(DEMO.companyAdmin);
    const r = await rest<{ items: OrderJson[] }>('GET', '/web/service-order/?sort=number&direction=asc', {
      token: admin,
    });
    expect(r.status).toBe(200);
    const [first, second] = r.json.data!.items;
    expect(first).toMatchObject({
      number: 1,
      status: 'PARTIAL',
      type: 'INSPECTION',
      equipmentCount: 3,
      completedCount: 1,
    });
    expect(second).toMatchObject({ number: 2, status: 'PENDING', type: 'MAINTENANCE', equipmentCount: 2 });
  });
});
