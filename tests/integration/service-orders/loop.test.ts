import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../../src/shared/dates.ts';
import { coreDb, tenantDb } from '../../../src/server/db/database.ts';
import { DEMO_GROUP_SCHEMA } from '../../../src/server/seed/demo-users.ts';
import { rest, trpcClient } from '../../helpers/api.ts';
import { answers, inspect, maintain } from '../documents/helpers.ts';
import { someIp } from '../equipment/helpers.ts';
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
let companyAdminId: number;
beforeAll(async () => {
  t = await soTenant();
  companyAdminId = (
    await coreDb()
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', t.companyId)
      .where('role', '=', 'COMPANY_ADMIN')
      .where('status', '=', 'ACTIVE')
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
}, 60_000);

const maintenanceAnswers = () => [
  { questionId: t.catalogue.maintenance.recharged, answer: 'YES' },
  { questionId: t.catalogue.maintenance.description, answer: 'Recarga feita' },
];

async function order(id: number) {
  const r = await rest<OrderJson>('GET', `/web/service-order/${id}`, { token: t.tokens.group });
  expect(r.status).toBe(200);
  return r.json.data!;
}

/** The orders of company A opened by negative answers (newest first). */
async function autoOrders() {
  return tenantDb(t.schema)
    .selectFrom('service_orders')
    .select(['id', 'number', 'status'])
    .where('company_id', '=', t.companyId)
    .where('auto_opened', '=', true)
    .orderBy('id', 'desc')
    .execute();
}

async function servicePending(serial: string) {
  const r = await rest<{ servicePending: boolean; registered: boolean }>('GET', `/web/tags/${serial}/card`, {
    ip: someIp(),
  });
  expect(r.status).toBe(200);
  return r.json.data!.servicePending;
}

describe('an inspection question that opens a service order', () => {
  it('is marked through the inspection type’s question list and returned with the questions', async () => {
    const c = t.catalogue;
    const r = await rest<{ id: number; opensServiceOrder: boolean }[]>(
      'PUT',
      `/web/inspection-types/${c.typeId}/inspection-questions/`,
      {
        token: t.tokens.group,
        body: [{ id: c.questions.seal, question: c.names.seal, type: 'YES_NO_NA', opensServiceOrder: true }],
      },
    );
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const listed = await rest<{ id: number; opensServiceOrder: boolean }[]>(
      'GET',
      `/web/inspection-types/${c.typeId}/inspection-questions/`,
      { token: t.tokens.group },
    );
    const flags = Object.fromEntries(listed.json.data!.map((q) => [q.id, q.opensServiceOrder]));
    expect(flags[c.questions.seal]).toBe(true);
    expect(flags[c.questions.cylinder]).toBe(false);
  });

  it('answered NO in the field opens today’s MAINTENANCE order; more NOs today join it; a maintenance completes it', async () => {
    const c = t.catalogue;
    const [e1, e2] = [await newEquipment(t), await newEquipment(t)];
    expect(await servicePending(e1.serial)).toBe(false);
    const before = await autoOrders();

    // A negative answer to a question that is not marked opens nothing.
    await inspect(t, e1.serial, { answers: answers(c, { cylinder: c.cylinder.dented }) });
    expect(await autoOrders()).toEqual(before);

    await inspect(t, e1.serial, { answers: answers(c, { seal: 'NO' }) });
    const [opened, ...older] = await autoOrders();
    expect(older).toEqual(before);
    let o = await order(opened!.id);
    expect(o).toMatchObject({
      companyId: t.companyId,
      type: 'MAINTENANCE',
      status: 'PENDING',
      priority: 'HIGH',
      startDate: day(0),
      endDate: null,
      requestUserId: t.operatorId,
      requestUserName: t.operatorName,
      responsibleUserId: companyAdminId,
      equipmentCount: 1,
    });
    expect(o.observation).toContain(
      `Tag ${e1.serial} (${e1.extraLabel}): "${c.names.seal}" respondida "Não"`,
    );
    expect(o.observation).toContain(`inspeção de ${formatDate(day(0))} por ${t.operatorName}`);
    expect(o.equipments.map((x) => [x.equipmentId, x.completionDate, x.responsibleUserId])).toEqual([
      [e1.id, null, companyAdminId],
    ]);
    expect(await servicePending(e1.serial)).toBe(true);

    // A second equipment inspected NO today joins the same order.
    await inspect(t, e2.serial, { answers: answers(c, { seal: 'NO' }) });
    expect((await autoOrders()).length).toBe(before.length + 1);
    o = await order(opened!.id);
    expect(o.equipments.map((x) => x.equipmentId)).toEqual([e1.id, e2.id]);
    expect(o.observation?.split('\n')).toHaveLength(2);
    expect(o.observation).toContain(`Tag ${e2.serial}`);

    // Maintaining the first completes its item today: PARTIAL; its card no longer says pending.
    await maintain(t, e1.serial, { answers: maintenanceAnswers() });
    o = await order(opened!.id);
    expect(o).toMatchObject({ status: 'PARTIAL', completedCount: 1 });
    expect(o.equipments.map((x) => x.completionDate)).toEqual([day(0), null]);
    expect(await servicePending(e1.serial)).toBe(false);
    expect(await servicePending(e2.serial)).toBe(true);

    // An inspection does not complete a MAINTENANCE item.
    await inspect(t, e2.serial, { answers: answers(c) });
    expect((await order(opened!.id)).status).toBe('PARTIAL');

    await maintain(t, e2.serial, { answers: maintenanceAnswers() });
    o = await order(opened!.id);
    expect(o).toMatchObject({ status: 'FINISHED', completedCount: 2 });
    expect(await servicePending(e2.serial)).toBe(false);

    // Today's order is finished: the next NO opens a new one, numbered next.
    await inspect(t, e1.serial, { answers: answers(c, { seal: 'NO' }) });
    const [next] = await autoOrders();
    expect(next!.id).not.toBe(opened!.id);
    expect(next!.number).toBe(o.number + 1);
    expect(next).toMatchObject({ status: 'PENDING' });
    expect(await servicePending(e1.serial)).toBe(true);
  });
});

describe('issue 26: a failed answer opens an order out of the box, and says so', () => {
  it('the seeded questions about the equipment itself have "Abre ordem de serviço" on (not access, not free text)', async () => {
    const rows = await tenantDb(DEMO_GROUP_SCHEMA)
      .selectFrom('inspection_questions as q')
      .innerJoin('inspection_types as it', 'it.id', 'q.inspection_type_id')
      .select(['it.name as typeName', 'q.question', 'q.opens_service_order'])
      .where('it.name', 'in', ['Extintores', 'Mangueiras de Incêndio', 'Luminárias de Emergência'])
      .orderBy('it.id')
      .orderBy('q.position')
      .execute();
    const flag = (type: string, question: string) =>
      rows.find((r) => r.typeName === type && r.question === question)?.opens_service_order;
    expect(flag('Extintores', 'O lacre está intacto?')).toBe(true);
    expect(flag('Extintores', 'O manômetro está na faixa verde?')).toBe(true);
    expect(flag('Extintores', 'Condição do cilindro')).toBe(true);
    expect(flag('Extintores', 'O acesso está desobstruído?')).toBe(false);
    expect(flag('Extintores', 'Observações')).toBe(false);
    expect(flag('Mangueiras de Incêndio', 'Estado das juntas de união')).toBe(true);
    expect(flag('Luminárias de Emergência', 'Acende ao cortar a energia?')).toBe(true);
  });

  it('the inspection answers the number of the order it opened or joined (REST and tRPC), null otherwise', async () => {
    const c = t.catalogue;
    const [e1, e2, e3] = [await newEquipment(t), await newEquipment(t), await newEquipment(t)];
    const post = (serial: string, body: Record<string, unknown>) =>
      rest<{ id: number; serviceOrderNumber: number | null }>(
        'POST',
        `/web/equipments/${serial}/inspections`,
        {
          token: t.tokens.operator,
          body,
        },
      );
    const fine = await post(e1.serial, { answers: answers(c) });
    expect([fine.status, fine.json.data?.serviceOrderNumber]).toEqual([201, null]);

    const failed = await post(e1.serial, { answers: answers(c, { seal: 'NO' }) });
    expect(failed.status, JSON.stringify(failed.json)).toBe(201);
    const [opened] = await autoOrders();
    expect(failed.json.data).toEqual({ id: expect.any(Number), serviceOrderNumber: opened!.number });

    const viaTrpc = await trpcClient(t.tokens.operator).equipment.inspect.mutate({
      tag: e2.serial,
      answers: answers(c, { seal: 'NO' }),
    });
    expect(viaTrpc.serviceOrderNumber).toBe(opened!.number);
    const o = await order(opened!.id);
    expect(o.equipments.map((x) => x.equipmentId)).toEqual(expect.arrayContaining([e1.id, e2.id]));
    // A negative answer to an unmarked question opens nothing and says nothing.
    const unmarked = await post(e3.serial, { answers: answers(c, { cylinder: c.cylinder.dented }) });
    expect(unmarked.json.data?.serviceOrderNumber).toBeNull();
  });

  it('an auto-opened order (no end date) is saved without inventing one; an order that has one keeps it required', async () => {
    const c = t.catalogue;
    const e = await newEquipment(t);
    await inspect(t, e.serial, { answers: answers(c, { seal: 'NO' }) });
    const [opened] = await autoOrders();
    const o = await order(opened!.id);
    expect(o.endDate).toBeNull();
    const saved = await rest<OrderJson>('PUT', `/web/service-order/${o.id}/`, {
      token: t.tokens.companyAdmin,
      body: updateBody(o, { priority: 'HIGHEST', endDate: null }),
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.data).toMatchObject({ priority: 'HIGHEST', endDate: null });
    const viaTrpc = await trpcClient(t.tokens.group).serviceOrders.update.mutate({
      ...updateBody(saved.json.data!, { priority: 'LOW' }),
      id: o.id,
    } as never);
    expect([viaTrpc.priority, viaTrpc.endDate]).toEqual(['LOW', null]);
    // Given an end date, it keeps it; then blanking it again is refused like any order's.
    const dated = await rest<OrderJson>('PUT', `/web/service-order/${o.id}/`, {
      token: t.tokens.group,
      body: updateBody(viaTrpc as OrderJson, { endDate: day(7) }),
    });
    expect(dated.json.data?.endDate).toBe(day(7));
    const blanked = await rest<OrderJson>('PUT', `/web/service-order/${o.id}/`, {
      token: t.tokens.group,
      body: updateBody(dated.json.data!, { endDate: null }),
    });
    expect([blanked.status, blanked.json.error?.code]).toEqual([400, 'SERVICE_ORDER_MISSING_FIELDS']);
    const row = await tenantDb(t.schema)
      .selectFrom('service_orders')
      .select(['end_date', 'priority'])
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ end_date: day(7), priority: 'LOW' });
  });
});

describe('an INSPECTION order', () => {
  it('is completed equipment by equipment by inspections in the field (not by maintenances)', async () => {
    const c = t.catalogue;
    const [e3, e4] = [await newEquipment(t), await newEquipment(t)];
    const created = await createOrder(
      t.tokens.companyAdmin,
      orderBody(t, [e3, e4], { type: 'INSPECTION', observation: 'Inspeção mensal' }),
    );
    expect(await servicePending(e3.serial)).toBe(true);

    await inspect(t, e3.serial, { answers: answers(c) });
    let o = await order(created.id);
    expect(o).toMatchObject({ status: 'PARTIAL', completedCount: 1 });
    expect(o.equipments.find((x) => x.equipmentId === e3.id)?.completionDate).toBe(day(0));

    await maintain(t, e4.serial, { answers: maintenanceAnswers() });
    expect((await order(created.id)).status).toBe('PARTIAL');

    await inspect(t, e4.serial, { answers: answers(c) });
    o = await order(created.id);
    expect(o).toMatchObject({ status: 'FINISHED', completedCount: 2 });
    expect(await servicePending(e4.serial)).toBe(false);
  });

  it('an inspection performed before the order’s start date does not complete its item', async () => {
    const c = t.catalogue;
    const [early, later] = [await newEquipment(t), await newEquipment(t)];
    // Starts today: an offline inspection performed yesterday (synced now) was not done for it.
    const today = await createOrder(t.tokens.group, orderBody(t, [early], { type: 'INSPECTION' }));
    await inspect(t, early.serial, {
      answers: answers(c),
      performedAt: `${day(-1)}T12:00:00-03:00`,
    });
    let o = await order(today.id);
    expect([o.status, o.completedCount, o.equipments[0]!.completionDate]).toEqual(['PENDING', 0, null]);
    expect(await servicePending(early.serial)).toBe(true);
    // The same equipment inspected today (on or after the start) completes it.
    await inspect(t, early.serial, { answers: answers(c) });
    o = await order(today.id);
    expect([o.status, o.equipments[0]!.completionDate]).toEqual(['FINISHED', day(0)]);

    // Planned to start in two days: today's inspection leaves it waiting.
    const ahead = await createOrder(
      t.tokens.group,
      orderBody(t, [later], { type: 'INSPECTION', startDate: day(2), endDate: day(5) }),
    );
    await inspect(t, later.serial, { answers: answers(c) });
    o = await order(ahead.id);
    expect([o.status, o.completedCount, o.equipments[0]!.completionDate]).toEqual(['PENDING', 0, null]);
  });

  it('a cancelled order waits for nothing: an inspection leaves it as it is', async () => {
    const c = t.catalogue;
    const e5 = await newEquipment(t);
    const created = await createOrder(t.tokens.group, orderBody(t, [e5], { type: 'INSPECTION' }));
    const cancelled = await rest<OrderJson>('PUT', `/web/service-order/${created.id}/`, {
      token: t.tokens.group,
      body: updateBody(created, { status: 'CANCELLED' }),
    });
    expect(cancelled.json.data?.status).toBe('CANCELLED');
    expect(await servicePending(e5.serial)).toBe(false);
    await inspect(t, e5.serial, { answers: answers(c) });
    const o = await order(created.id);
    expect(o).toMatchObject({ status: 'CANCELLED', completedCount: 0 });
    expect(o.equipments[0]!.completionDate).toBeNull();
  });
});
