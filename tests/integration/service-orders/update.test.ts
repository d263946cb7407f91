import { beforeAll, describe, expect, it } from 'vitest';
import { rest, trpcClient } from '../../helpers/api.ts';
import {
  createOrder,
  day,
  newEquipment,
  orderBody,
  type OrderJson,
  type SoTenant,
  soTenant,
  updateBody,
} from './helpers.ts';

let t: SoTenant;
beforeAll(async () => {
  t = await soTenant();
}, 60_000);

async function put(token: string, id: number, body: unknown) {
  return rest<OrderJson>('PUT', `/web/service-order/${id}/`, { token, body });
}

/** A new PENDING order of company A with three equipment. */
async function threeItemOrder() {
  const es = await Promise.all([newEquipment(t), newEquipment(t), newEquipment(t)]);
  return { es, order: await createOrder(t.tokens.group, orderBody(t, es)) };
}

const completing = (o: OrderJson, dates: (string | null)[]) =>
  updateBody(o, {
    equipments: updateBody(o).equipments.map((e, i) => ({ ...e, completionDate: dates[i] ?? null })),
  });

describe('PUT /web/service-order/{id}/ — the status follows the completion dates', () => {
  it('some dates → PARTIAL, all → FINISHED, none again → PENDING (the requested status is the derived one)', async () => {
    const { order } = await threeItemOrder();
    const partial = await put(t.tokens.group, order.id, {
      ...completing(order, [day(0), null, null]),
      status: 'PARTIAL',
    });
    expect(partial.status).toBe(200);
    expect(partial.json.data).toMatchObject({ status: 'PARTIAL', equipmentCount: 3, completedCount: 1 });
    expect(partial.json.data!.equipments.map((e) => e.completionDate)).toEqual([day(0), null, null]);

    const finished = await put(t.tokens.group, order.id, {
      ...completing(partial.json.data!, [day(0), day(-1), day(-2)]),
      status: 'FINISHED',
    });
    expect(finished.json.data).toMatchObject({ status: 'FINISHED', completedCount: 3 });

    // Without a status the derived one is stored.
    const { status: _s, ...noStatus } = completing(finished.json.data!, [null, null, null]);
    const pending = await put(t.tokens.group, order.id, noStatus);
    expect(pending.json.data).toMatchObject({ status: 'PENDING', completedCount: 0 });
  });

  it('a requested status that contradicts the derived one is refused with the explanation (400), nothing saved', async () => {
    const { order } = await threeItemOrder();
    const cases: [(string | null)[], string, string][] = [
      [[null, null, null], 'FINISHED', 'SERVICE_ORDER_STATUS_BLOCKED_PENDING'],
      [[null, null, null], 'PARTIAL', 'SERVICE_ORDER_STATUS_BLOCKED_PENDING'],
      [[day(0), null, null], 'PENDING', 'SERVICE_ORDER_STATUS_BLOCKED_PARTIAL'],
      [[day(0), null, null], 'FINISHED', 'SERVICE_ORDER_STATUS_BLOCKED_PARTIAL'],
      [[day(0), day(0), day(0)], 'PENDING', 'SERVICE_ORDER_STATUS_BLOCKED_FINISHED'],
      [[day(0), day(0), day(0)], 'PARTIAL', 'SERVICE_ORDER_STATUS_BLOCKED_FINISHED'],
    ];
    for (const [dates, status, code] of cases) {
      const r = await put(t.tokens.group, order.id, {
        ...completing(order, dates),
        status,
        observation: 'Mudou',
      });
      expect(r.status, `${dates} ${status}`).toBe(400);
      expect(r.json.error?.code).toBe(code);
      expect(r.json.error?.message).toMatch(/status/);
    }
    const stored = await rest<OrderJson>('GET', `/web/service-order/${order.id}`, { token: t.tokens.group });
    expect(stored.json.data).toMatchObject({
      status: 'PENDING',
      observation: order.observation,
      completedCount: 0,
    });
  });

  it('cancelling is allowed from any state, and a cancelled order stays cancelled', async () => {
    const { order } = await threeItemOrder();
    const cancelled = await put(t.tokens.group, order.id, {
      ...completing(order, [day(0), null, null]),
      status: 'CANCELLED',
    });
    expect(cancelled.json.data).toMatchObject({ status: 'CANCELLED', completedCount: 1 });
    // Completing everything does not bring it back; asking for another status is refused.
    const still = await put(t.tokens.group, order.id, {
      ...completing(cancelled.json.data!, [day(0), day(0), day(0)]),
      status: 'CANCELLED',
    });
    expect(still.json.data).toMatchObject({ status: 'CANCELLED', completedCount: 3 });
    const back = await put(t.tokens.group, order.id, { ...updateBody(still.json.data!), status: 'FINISHED' });
    expect(back.status).toBe(400);
    expect(back.json.error?.code).toBe('SERVICE_ORDER_STATUS_BLOCKED_CANCELLED');
  });

  it('the fields change, the equipment list is replaced (kept items keep their ids), people are checked', async () => {
    const { es, order } = await threeItemOrder();
    const extra = await newEquipment(t);
    const body = updateBody(order, {
      startDate: day(-30),
      endDate: day(3),
      priority: 'HIGHEST',
      type: 'INSPECTION',
      observation: 'Revisada',
      responsibleUserId: t.operatorId,
      status: 'PARTIAL',
      equipments: [
        { ...updateBody(order).equipments[2]!, completionDate: day(-1) },
        { equipmentId: extra.id, completionDate: null },
      ],
    });
    const r = await put(t.tokens.companyAdmin, order.id, body);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const o = r.json.data!;
    expect(o).toMatchObject({
      startDate: day(-30),
      endDate: day(3),
      priority: 'HIGHEST',
      type: 'INSPECTION',
      observation: 'Revisada',
      status: 'PARTIAL',
      equipmentCount: 2,
      completedCount: 1,
    });
    expect(o.equipments.map((e) => e.equipmentId)).toEqual([es[2]!.id, extra.id]);
    expect(o.equipments[0]!.id).toBe(order.equipments[2]!.id);

    const other = await put(t.tokens.group, order.id, { ...updateBody(o), responsibleUserId: t.operatorBId });
    expect(other.status).toBe(400);
    expect(other.json.error?.code).toBe('SERVICE_ORDER_RESPONSIBLE_INVALID');
    const mixed = await newEquipment(t, { companyId: t.companyB });
    const wrong = await put(t.tokens.group, order.id, {
      ...updateBody(o),
      equipments: [...updateBody(o).equipments, { equipmentId: mixed.id }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error?.code).toBe('SERVICE_ORDER_EQUIPMENT_OTHER_COMPANY');
  });

  it('edits require start, end, comments, priority, type and responsible; dates stay in order; no future completion', async () => {
    const { order } = await threeItemOrder();
    for (const blank of ['startDate', 'endDate', 'observation', 'priority', 'type', 'responsibleUserId']) {
      const r = await put(t.tokens.group, order.id, updateBody(order, { [blank]: null }));
      expect(r.status, blank).toBe(400);
      expect(r.json.error?.code, blank).toBe('SERVICE_ORDER_MISSING_FIELDS');
    }
    const range = await put(
      t.tokens.group,
      order.id,
      updateBody(order, { startDate: day(4), endDate: day(1) }),
    );
    expect(range.json.error?.code).toBe('SERVICE_ORDER_DATE_RANGE');
    const future = await put(t.tokens.group, order.id, completing(order, [day(1), null, null]));
    expect(future.status).toBe(400);
    expect(future.json.error?.code).toBe('SERVICE_ORDER_COMPLETION_FUTURE');
    const empty = await put(t.tokens.group, order.id, updateBody(order, { equipments: [] }));
    expect(empty.json.error?.code).toBe('SERVICE_ORDER_NO_EQUIPMENT');
  });

  it('another company’s order is 404 for a company admin, on both doors; operators are 403', async () => {
    const eb = await newEquipment(t, { companyId: t.companyB });
    const theirs = await createOrder(
      t.tokens.group,
      orderBody(t, [eb], { responsibleUserId: t.operatorBId }),
    );
    for (const [method, path, body] of [
      ['PUT', `/web/service-order/${theirs.id}/`, updateBody(theirs)],
      ['GET', `/web/service-order/${theirs.id}`, undefined],
      ['GET', `/web/service-order/${theirs.id}/pdf`, undefined],
    ] as const) {
      const r = await rest(method, path, { token: t.tokens.companyAdmin, body });
      expect(r.status, path).toBe(404);
      expect(r.json.error?.code).toBe('SERVICE_ORDER_NOT_FOUND');
      const op = await rest(method, path, { token: t.tokens.operator, body });
      expect(op.status, path).toBe(403);
    }
    const client = trpcClient(t.tokens.companyAdmin);
    await expect(client.serviceOrders.get.query({ id: theirs.id })).rejects.toMatchObject({
      data: { code: 'SERVICE_ORDER_NOT_FOUND' },
    });
    await expect(
      trpcClient(t.tokens.operator).serviceOrders.update.mutate({
        ...updateBody(theirs),
        id: theirs.id,
      } as never),
    ).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    // The group admin reaches it.
    const r = await rest<OrderJson>('GET', `/web/service-order/${theirs.id}`, { token: t.tokens.group });
    expect(r.json.data?.companyId).toBe(t.companyB);
  });
});
