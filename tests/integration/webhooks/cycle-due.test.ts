/**
 * Issue 30 item 2: the `equipment.cycle_due` webhook event, announced by the daily sweep once per
 * (equipment, cycle, due date, status) — rows in the outbox, one per due cycle and subscribed
 * endpoint of the equipment's company; none for a cycle not due, none for an endpoint not
 * subscribed, nothing more on a second run of the day, again for a new due date.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingAfterAnswer } from '../../../src/server/after-answer.ts';
import { resetConfig } from '../../../src/server/config.ts';
import { today } from '../../../src/server/db/days.ts';
import { runCycleDueSweep } from '../../../src/server/domains/webhooks/cycle-due.ts';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import type { EquipmentCycle } from '../../../src/shared/cycles/schemas.ts';
import { addDays, addMonths } from '../../../src/shared/equipment/status.ts';
import type { WebhookEndpoint, WebhookPayload } from '../../../src/shared/webhooks/schemas.ts';
import { rest } from '../../helpers/api.ts';
import {
  type Made,
  makeEquipment,
  type ReportCatalogue,
  type ReportTenant,
  reportCatalogue,
  reportTenant,
} from '../reports/helpers.ts';

// Queues of their own: no other file's worker sends these deliveries (the rows are what is checked).
process.env.REDIS_PREFIX = `${process.env.REDIS_PREFIX}:cycle-due`;
resetConfig();

let tn: ReportTenant;
let cat: ReportCatalogue;
let day: string;
let dueA: Made;
let notDue: Made;
let dueB: Made;
let epA: WebhookEndpoint;
let epOther: WebhookEndpoint;
let epB: WebhookEndpoint;

async function endpoint(companyId: number, events: string[]): Promise<WebhookEndpoint> {
  const r = await rest<WebhookEndpoint>('POST', '/web/webhooks/endpoints/', {
    token: tn.tokens.group,
    body: { url: `http://127.0.0.1:9/hooks/${companyId}/${events.join('-')}`, events, companyId },
  });
  if (r.status !== 201) throw new Error(`endpoint: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data!;
}

beforeAll(async () => {
  tn = await reportTenant();
  cat = await reportCatalogue(tn.tokens.group);
  day = today();
  const preset = await rest('POST', `/web/inspection-types/${cat.extType}/cycles/preset/`, {
    token: tn.tokens.group,
    body: { preset: 'nbr-12962-extinguishers' },
  });
  expect(preset.status).toBe(200);
  const ext = (label: string, dates: { made: string; recharge: string }, company = tn.companyA) =>
    makeEquipment(
      tn,
      {
        productId: cat.extinguisherId,
        extraLabel: label,
        attributes: [
          { attributeId: cat.attrs.manufacturing, value: dates.made },
          { attributeId: cat.attrs.recharge, value: dates.recharge },
        ],
      },
      company,
    );
  // Recharge due 3 days ago, hydrostatic test (manufacture + 5 years) long expired.
  dueA = await ext('Corredor', { made: '2020-05-05', recharge: addDays(addMonths(day, -12), -3) });
  // Recharge due in 11 months, hydrostatic test in 4 years: nothing due.
  notDue = await ext('Sala', { made: addMonths(day, -12), recharge: addMonths(day, -1) });
  // Another company: its recharge expired yesterday, its hydrostatic test in 4 years.
  dueB = await ext(
    'Depósito',
    { made: addMonths(day, -12), recharge: addDays(addMonths(day, -12), -1) },
    tn.companyB,
  );
  epA = await endpoint(tn.companyA, ['equipment.cycle_due']);
  epOther = await endpoint(tn.companyA, ['inspection.created', 'maintenance.created']);
  epB = await endpoint(tn.companyB, ['equipment.cycle_due', 'tag.replaced']);
}, 120_000);

afterAll(async () => {
  await pendingAfterAnswer();
  await closeQueue();
});

async function cyclesOf(serial: string): Promise<EquipmentCycle[]> {
  const r = await rest<{ cycles: EquipmentCycle[] }>('GET', `/web/equipments/${serial}/`, {
    token: tn.tokens.group,
  });
  expect(r.status).toBe(200);
  return r.json.data!.cycles;
}

async function outbox(endpointId: number) {
  const rows = await tn.db
    .selectFrom('webhook_deliveries')
    .select(['event_type', 'body', 'message_id', 'company_id', 'status'])
    .where('endpoint_id', '=', endpointId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, payload: JSON.parse(r.body) as WebhookPayload }));
}

const announced = (rows: Awaited<ReturnType<typeof outbox>>) =>
  rows.map((r) => {
    const d = r.payload.data as {
      equipment: { id: number };
      cycle: { code: string; status: string; dueDate: string };
    };
    return [d.equipment.id, d.cycle.code, d.cycle.status, d.cycle.dueDate];
  });

describe('equipment.cycle_due', () => {
  it('announces each due cycle once to the subscribed endpoints of its company; nothing for a cycle not due or an endpoint not subscribed', async () => {
    const cycles = await cyclesOf(dueA.serial);
    const due = cycles.filter((c) => c.status === 'EXPIRED' || c.status === 'EXPIRING');
    expect(due.map((c) => c.code)).toEqual(['recharge', 'hydrostatic-test']);
    expect((await cyclesOf(notDue.serial)).map((c) => c.status)).not.toContain('EXPIRED');
    expect((await cyclesOf(notDue.serial)).map((c) => c.status)).not.toContain('EXPIRING');

    const first = await runCycleDueSweep({ day, companyGroupIds: [tn.groupId] });
    expect([first.announced, first.deliveries, first.failedGroups]).toEqual([3, 3, 0]);

    const a = await outbox(epA.id);
    expect(a.map((r) => [r.event_type, r.status, Number(r.company_id)])).toEqual([
      ['equipment.cycle_due', 'PENDING', tn.companyA],
      ['equipment.cycle_due', 'PENDING', tn.companyA],
    ]);
    expect(announced(a).sort()).toEqual(due.map((c) => [dueA.id, c.code, 'EXPIRED', c.dueDate]).sort());
    const recharge = due.find((c) => c.code === 'recharge')!;
    const body = a.find(
      (r) => (r.payload.data as { cycle: { code: string } }).cycle.code === 'recharge',
    )!.payload;
    expect(body.type).toBe('equipment.cycle_due');
    expect(body.data).toEqual({
      equipment: { id: dueA.id, tagSerialNumber: dueA.serial, companyId: tn.companyA },
      cycle: {
        code: 'recharge',
        name: recharge.name,
        norm: recharge.norm,
        dueDate: recharge.dueDate,
        status: 'EXPIRED',
      },
    });
    expect(new Set(a.map((r) => r.message_id)).size).toBe(2);

    expect(await outbox(epOther.id)).toEqual([]);
    const b = await outbox(epB.id);
    const rechargeB = (await cyclesOf(dueB.serial)).find((c) => c.code === 'recharge')!;
    expect(rechargeB.status).toBe('EXPIRED');
    expect(announced(b)).toEqual([[dueB.id, 'recharge', 'EXPIRED', rechargeB.dueDate]]);

    const second = await runCycleDueSweep({ day, companyGroupIds: [tn.groupId] });
    expect([second.announced, second.deliveries]).toEqual([0, 0]);
    expect(await outbox(epA.id)).toHaveLength(2);
    expect(await outbox(epB.id)).toHaveLength(1);
  });

  it('announces a new due date again (as after a maintenance), and the warning window before the expiry', async () => {
    // The recharge done: its next due date in 5 days, already in its warning window.
    const newDue = addDays(day, 5);
    await tn.db
      .updateTable('equipment_cycles')
      .set({ due_date: newDue, notice_date: addDays(day, -1) })
      .where('equipment_id', '=', dueA.id)
      .where('cycle_code', '=', 'recharge')
      .execute();
    const r = await runCycleDueSweep({ day, companyGroupIds: [tn.groupId] });
    expect([r.announced, r.deliveries]).toEqual([1, 1]);
    const a = await outbox(epA.id);
    expect(announced(a.slice(2))).toEqual([[dueA.id, 'recharge', 'EXPIRING', newDue]]);
    // The notice of the old due date is gone; the new one stays until the cycle moves again.
    const notices = await tn.db
      .selectFrom('cycle_due_notices')
      .select(['cycle_code', 'due_date', 'status'])
      .where('equipment_id', '=', dueA.id)
      .orderBy('cycle_code')
      .execute();
    expect(notices.map((n) => [n.cycle_code, n.status, n.due_date === newDue])).toEqual([
      ['hydrostatic-test', 'EXPIRED', false],
      ['recharge', 'EXPIRING', true],
    ]);
    // The day after its due date it has expired: one more event; a second run that day none.
    const expired = addDays(day, 6);
    const later = await runCycleDueSweep({ day: expired, companyGroupIds: [tn.groupId] });
    expect([later.announced, later.deliveries]).toEqual([1, 1]);
    expect(announced((await outbox(epA.id)).slice(3))).toEqual([[dueA.id, 'recharge', 'EXPIRED', newDue]]);
    expect((await runCycleDueSweep({ day: expired, companyGroupIds: [tn.groupId] })).announced).toBe(0);
    expect(await outbox(epA.id)).toHaveLength(4);
    expect(await outbox(epB.id)).toHaveLength(1);
    expect(await outbox(epOther.id)).toEqual([]);
  });
});
