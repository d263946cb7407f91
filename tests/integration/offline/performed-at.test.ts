import { beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../../src/server/config.ts';
import { today } from '../../../src/server/db/days.ts';
import { addDays, todayIn } from '../../../src/shared/equipment/status.ts';
import { rest, trpcClient } from '../../helpers/api.ts';
import { productBody } from '../catalogue/helpers.ts';
import { goodAnswers } from '../equipment/helpers.ts';
import { createOrder, orderBody } from '../service-orders/helpers.ts';
import {
  daysAgo,
  equipmentNow,
  equipmentOf,
  history,
  inspected,
  inspectionCount,
  inspectTag,
  minutesAgo,
  type OfflineTenant,
  offlineTenant,
} from './helpers.ts';

/**
 * Issue 20 item 3: records made offline carry `performedAt`; the equipment's status and dates follow
 * it, not the arrival; an older record arriving after a newer one moves nothing back; a future one
 * and one older than OFFLINE_MAX_AGE_DAYS are refused with their codes.
 */
let t: OfflineTenant;
/** inspected every day (no notice days), no expiration date */
let shortProduct: number;
beforeAll(async () => {
  t = await offlineTenant();
  const r = await rest<number>('POST', '/web/products/', {
    token: t.tokens.group,
    body: productBody(t.catalogue.categoryId, t.catalogue.typeId, {
      inspectionSchedule: 1,
      daysNotificationNextInspectionDate: 0,
      isDueDate: false,
    }),
  });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  shortProduct = r.json.data!;
}, 60_000);

/** The calendar day of an instant where the product is used. */
const dayOf = (iso: string) => todayIn(config().APP_TIME_ZONE, new Date(iso));
const iso = (d: string | Date | null | undefined) => (d ? new Date(d).toISOString() : null);

describe('performedAt', () => {
  it('a performedAt of last week sets the status and the dates from last week, not from the arrival', async () => {
    const e = await equipmentOf(t, { productId: shortProduct });
    const performedAt = daysAgo(7);
    const before = Date.now();
    await inspected(t, e.serial, {
      performedAt,
      identifiedBy: 'SCAN',
      scannedAt: minutesAgo(7 * 24 * 60 + 3),
    });
    const eq = await equipmentNow(t, e.serial);
    // Inspected every day: last week's inspection is overdue today (an arrival-dated one would not be).
    expect(eq.status).toBe('EXPIRED');
    expect(eq.lastInspectionExpirationStatus).toBe('EXPIRED');
    expect(iso(eq.lastInspection!.createdAt)).toBe(performedAt);
    expect(eq.nextInspectionDate).toBe(addDays(dayOf(performedAt), 1));
    const row = await t.db
      .selectFrom('equipment')
      .select(['last_inspection_day', 'last_inspection_at'])
      .where('id', '=', e.id)
      .executeTakeFirstOrThrow();
    expect(row.last_inspection_day).toBe(dayOf(performedAt));
    const [record] = await history(t, e.serial);
    expect(record!.createdAt).toBe(performedAt);
    expect(new Date(record!.receivedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(record!.identifiedBy).toBe('SCAN');
  });

  it('an older offline record arriving after a newer one is kept, and moves nothing back', async () => {
    const e = await equipmentOf(t);
    const newer = daysAgo(2);
    const older = daysAgo(6);
    await inspected(t, e.serial, {
      performedAt: newer,
      attributes: [{ attributeId: t.catalogue.attributes.number, value: 'NOVO' }],
    });
    const afterNewer = await equipmentNow(t, e.serial);
    expect(afterNewer.status).toBe('VALID');
    // The older one is improper and carries another attribute value.
    await inspected(t, e.serial, {
      performedAt: older,
      answers: goodAnswers(t.catalogue).map((a) =>
        a.questionId === t.catalogue.questions.seal ? { ...a, answer: 'NO' } : a,
      ),
      attributes: [{ attributeId: t.catalogue.attributes.number, value: 'ANTIGO' }],
    });
    const eq = await equipmentNow(t, e.serial);
    expect(eq.status).toBe('VALID');
    expect(iso(eq.lastInspection!.createdAt)).toBe(newer);
    expect(eq.nextInspectionDate).toBe(afterNewer.nextInspectionDate);
    expect(eq.nextInspectionDate).toBe(addDays(dayOf(newer), 30));
    expect(
      eq.inspectionTypeAttribute.find((a) => a.attributeId === t.catalogue.attributes.number)?.value,
    ).toBe('NOVO');
    // Both are in the history, by performed time; the older one arrived last.
    const records = await history(t, e.serial);
    expect(records.map((r) => r.createdAt)).toEqual([newer, older]);
    expect(new Date(records[1]!.receivedAt) >= new Date(records[0]!.receivedAt)).toBe(true);
    const kept = records[1]!;
    expect(kept.improper).toBe(true);
    expect(kept.attributesValues.find((a) => a.attributeId === t.catalogue.attributes.number)?.value).toBe(
      'ANTIGO',
    );
    expect(
      records[0]!.attributesValues.find((a) => a.attributeId === t.catalogue.attributes.number)?.value,
    ).toBe('NOVO');

    // A newer one moves it forward again.
    const now = minutesAgo(0);
    await inspected(t, e.serial, { performedAt: now });
    expect(iso((await equipmentNow(t, e.serial)).lastInspection!.createdAt)).toBe(now);
  });

  it('a future performedAt is refused (400 RECORD_PERFORMED_AT_FUTURE); a few minutes of clock skew are not', async () => {
    const e = await equipmentOf(t);
    const r = await inspectTag(t, e.serial, { performedAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({
      code: 'RECORD_PERFORMED_AT_FUTURE',
      message: 'A data de realização não pode estar no futuro',
    });
    expect(await inspectionCount(t, e.id)).toBe(0);
    expect((await equipmentNow(t, e.serial)).status).toBe('NA');

    const skewed = new Date(Date.now() + 2 * 60_000).toISOString();
    await inspected(t, e.serial, { performedAt: skewed });
    const [record] = await history(t, e.serial);
    // Taken as the arrival time: never in the server's future.
    expect(new Date(record!.createdAt).getTime()).toBeLessThanOrEqual(new Date(record!.receivedAt).getTime());
    expect(new Date(record!.createdAt).getTime()).toBeLessThan(new Date(skewed).getTime());
  });

  it('a performedAt older than OFFLINE_MAX_AGE_DAYS is refused (400 RECORD_PERFORMED_AT_TOO_OLD); within it, accepted', async () => {
    expect(config().OFFLINE_MAX_AGE_DAYS).toBe(30);
    const e = await equipmentOf(t);
    const r = await inspectTag(t, e.serial, { performedAt: daysAgo(31) });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({
      code: 'RECORD_PERFORMED_AT_TOO_OLD',
      params: { days: 30 },
      message: 'Registros feitos sem conexão devem ser enviados em até 30 dias',
    });
    expect(await inspectionCount(t, e.id)).toBe(0);
    const performedAt = daysAgo(29);
    await inspected(t, e.serial, { performedAt });
    expect(iso((await equipmentNow(t, e.serial)).lastInspection!.createdAt)).toBe(performedAt);
  });

  it('a scan after the submission, or an instant that is not one, is refused', async () => {
    const e = await equipmentOf(t);
    const late = await inspectTag(t, e.serial, {
      performedAt: minutesAgo(60),
      identifiedBy: 'SCAN',
      scannedAt: minutesAgo(10),
    });
    expect(late.status).toBe(400);
    expect(late.json.error?.code).toBe('RECORD_SCANNED_AT_INVALID');
    for (const body of [{ performedAt: 'ontem' }, { performedAt: '2025-01-01' }, { identifiedBy: 'QR' }]) {
      const r = await inspectTag(t, e.serial, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.error?.code).toBe('VALIDATION_FAILED');
      expect(r.json.error?.issues?.map((i) => i.path)).toEqual([Object.keys(body)[0]]);
    }
    expect(await inspectionCount(t, e.id)).toBe(0);
  });

  it('maintenances are dated by performedAt too; an older one does not move the last maintenance back', async () => {
    const e = await equipmentOf(t);
    const answers = [
      { questionId: t.catalogue.maintenance.recharged, answer: 'YES' },
      { questionId: t.catalogue.maintenance.description, answer: 'Recarga' },
    ];
    const maintain = (performedAt: string) =>
      rest<{ id: number }>('POST', `/web/equipments/${e.serial}/maintenances`, {
        token: t.tokens.operator,
        body: { answers, performedAt, identifiedBy: 'NFC', scannedAt: performedAt },
      });
    const newer = daysAgo(3);
    const older = daysAgo(9);
    expect((await maintain(newer)).status).toBe(201);
    expect((await maintain(older)).status).toBe(201);
    const eq = await equipmentNow(t, e.serial);
    expect(iso(eq.lastMaintenance!.createdAt)).toBe(newer);
    const list = await rest<{ items: { createdAt: string; receivedAt: string; identifiedBy: string }[] }>(
      'GET',
      `/web/equipments/${e.serial}/maintenances`,
      { token: t.tokens.group },
    );
    expect(list.json.data!.items.map((m) => m.createdAt)).toEqual([newer, older]);
    expect(list.json.data!.items.map((m) => m.identifiedBy)).toEqual(['NFC', 'NFC']);
    const tooOld = await maintain(daysAgo(40));
    expect(tooOld.json.error?.code).toBe('RECORD_PERFORMED_AT_TOO_OLD');
  });

  it('a service order waiting for the equipment is completed on the day the inspection was performed', async () => {
    const e = await equipmentOf(t);
    const performedAt = daysAgo(3);
    const order = await createOrder(t.tokens.companyAdmin, orderBody(t, [e], { type: 'INSPECTION' }));
    // The order was opened before the work (a new one cannot start in the past, and one that starts
    // after the work is not completed by it: issue 26 item 14).
    await t.db
      .updateTable('service_orders')
      .set({ start_date: dayOf(daysAgo(5)) })
      .where('id', '=', order.id)
      .execute();
    await inspected(t, e.serial, { performedAt, identifiedBy: 'SCAN', scannedAt: performedAt });
    const item = await t.db
      .selectFrom('service_order_items')
      .select('completion_date')
      .where('service_order_id', '=', order.id)
      .where('equipment_id', '=', e.id)
      .executeTakeFirstOrThrow();
    expect(item.completion_date).toBe(dayOf(performedAt));
    expect(item.completion_date).not.toBe(today());
  });

  it('the tRPC door takes the same fields', async () => {
    const e = await equipmentOf(t);
    const performedAt = daysAgo(1);
    const scannedAt = minutesAgo(24 * 60 + 1);
    const { id } = await trpcClient(t.tokens.operator).equipment.inspect.mutate({
      tag: e.serial,
      answers: goodAnswers(t.catalogue),
      performedAt,
      identifiedBy: 'TYPED',
      scannedAt,
    });
    const row = await t.db
      .selectFrom('inspections')
      .select(['performed_at', 'scanned_at', 'identified_by', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.performed_at.toISOString()).toBe(performedAt);
    expect(row.scanned_at?.toISOString()).toBe(scannedAt);
    expect(row.identified_by).toBe('TYPED');
    expect(row.created_at.getTime()).toBeGreaterThan(row.performed_at.getTime());
  });
});
