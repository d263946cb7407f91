import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  daysAgo,
  equipmentNow,
  equipmentOf,
  history,
  inspectionCount,
  inspectTag,
  minutesAgo,
  type OfflineTenant,
  offlineTenant,
} from './helpers.ts';

/**
 * Issue 20 item 3: the sync of an offline queue is the record POSTs in order, each with its
 * `Idempotency-Key`. A retry after an answer lost on the way back replays the first answer and
 * records nothing twice; a key reused for another record is refused.
 */
let t: OfflineTenant;
beforeAll(async () => {
  t = await offlineTenant();
}, 60_000);

describe('sync with Idempotency-Key', () => {
  it('a retry with the same key after the answer was lost creates exactly one record and answers the same id', async () => {
    const e = await equipmentOf(t);
    const key = randomUUID();
    const body = { performedAt: minutesAgo(90), identifiedBy: 'SCAN', scannedAt: minutesAgo(92) };
    // The first answer never reaches the phone: it only knows it sent the record.
    const first = await inspectTag(t, e.serial, body, { headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    const retry = await inspectTag(t, e.serial, body, { headers: { 'Idempotency-Key': key } });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(retry.json.data!.id).toBe(first.json.data!.id);
    expect(await inspectionCount(t, e.id)).toBe(1);
    const [record] = await history(t, e.serial);
    expect(record!.inspectionId).toBe(first.json.data!.id);
  });

  it('the same key with another record is 409 IDEMPOTENCY_KEY_REUSED and records nothing', async () => {
    const e = await equipmentOf(t);
    const key = randomUUID();
    const first = await inspectTag(
      t,
      e.serial,
      { performedAt: minutesAgo(30) },
      { headers: { 'Idempotency-Key': key } },
    );
    expect(first.status).toBe(201);
    const other = await inspectTag(
      t,
      e.serial,
      { performedAt: minutesAgo(20) },
      { headers: { 'Idempotency-Key': key } },
    );
    expect(other.status).toBe(409);
    expect(other.json.error?.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await inspectionCount(t, e.id)).toBe(1);
    // Another key is another record.
    const next = await inspectTag(
      t,
      e.serial,
      { performedAt: minutesAgo(20) },
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect(next.status).toBe(201);
    expect(await inspectionCount(t, e.id)).toBe(2);
  });

  it('a queue sent twice (the whole sync retried) leaves each record once, the newest as the last inspection', async () => {
    const a = await equipmentOf(t);
    const b = await equipmentOf(t);
    const queue = [
      { serial: a.serial, body: { performedAt: daysAgo(3), identifiedBy: 'SCAN' }, key: randomUUID() },
      { serial: b.serial, body: { performedAt: daysAgo(2), identifiedBy: 'TYPED' }, key: randomUUID() },
      { serial: a.serial, body: { performedAt: daysAgo(1), identifiedBy: 'NFC' }, key: randomUUID() },
    ];
    const send = async () => {
      const ids: number[] = [];
      for (const q of queue) {
        const r = await inspectTag(t, q.serial, q.body, { headers: { 'Idempotency-Key': q.key } });
        expect(r.status).toBe(201);
        ids.push(r.json.data!.id);
      }
      return ids;
    };
    const firstIds = await send();
    const againIds = await send();
    expect(againIds).toEqual(firstIds);
    expect(await inspectionCount(t, a.id)).toBe(2);
    expect(await inspectionCount(t, b.id)).toBe(1);
    const eq = await equipmentNow(t, a.serial);
    expect(new Date(eq.lastInspection!.createdAt).toISOString()).toBe(queue[2]!.body.performedAt);
    expect((await history(t, a.serial)).map((r) => r.identifiedBy)).toEqual(['NFC', 'SCAN']);
  });

  it('a record the server refuses stays refused on retry, with its code (nothing half-written)', async () => {
    const e = await equipmentOf(t);
    const key = randomUUID();
    const body = { performedAt: daysAgo(45) };
    const first = await inspectTag(t, e.serial, body, { headers: { 'Idempotency-Key': key } });
    const again = await inspectTag(t, e.serial, body, { headers: { 'Idempotency-Key': key } });
    for (const r of [first, again]) {
      expect(r.status).toBe(400);
      expect(r.json.error?.code).toBe('RECORD_PERFORMED_AT_TOO_OLD');
    }
    expect(await inspectionCount(t, e.id)).toBe(0);
  });
});
