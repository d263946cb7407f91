import { beforeAll, describe, expect, it } from 'vitest';
import type { Equipment } from '../../../src/shared/equipment/schemas.ts';
import { loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { makeUser, PASSWORD } from '../organisations/fixtures.ts';
import {
  equipmentNow,
  equipmentOf,
  history,
  inspected,
  minutesAgo,
  type OfflineTenant,
  offlineTenant,
} from './helpers.ts';

/**
 * Issue 20 item 4: each inspection keeps how the tag was identified, when it was scanned, when it
 * was submitted and where; the equipment keeps a reference location (the median of its first
 * located inspections, or an admin's); the history and the report rows flag typed serials,
 * inspections far from the reference and late submissions.
 */
let t: OfflineTenant;
let companyAdminB: string;
beforeAll(async () => {
  t = await offlineTenant();
  const admin = await makeUser({ role: 'COMPANY_ADMIN', groupId: t.groupId, companyId: t.companyB });
  companyAdminB = await loginAs(admin.email, PASSWORD);
}, 60_000);

const BASE = { latitude: -23.56, longitude: -46.64 };
/** About 2 km north of BASE (0.018° of latitude ≈ 2,001 m). */
const FAR = { latitude: BASE.latitude + 0.018, longitude: BASE.longitude };
const near = (dLat: number, dLng: number) => ({
  latitude: BASE.latitude + dLat,
  longitude: BASE.longitude + dLng,
  accuracy: 8,
});
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const scan = (performedAt = minutesAgo(0)) => ({
  identifiedBy: 'SCAN',
  performedAt,
  scannedAt: new Date(new Date(performedAt).getTime() - 60_000).toISOString(),
});

async function reportRow(serial: string): Promise<Equipment> {
  const r = await rest<{ items: Equipment[] }>('GET', `/web/equipments/?query=${serial}&pageSize=10`, {
    token: t.tokens.group,
  });
  expect(r.status).toBe(200);
  const row = r.json.data!.items.find((e) => e.tagSerialNumber === serial);
  expect(row, serial).toBeDefined();
  return row!;
}

describe('reference location', () => {
  it('is the median of the first 5 located inspections, then kept', async () => {
    const e = await equipmentOf(t);
    expect((await equipmentNow(t, e.serial)).referenceLocation).toBeNull();
    const samples = [near(0.0001, -0.00005), near(-0.00004, 0.0002), near(0.00002, 0.00001)];
    for (const s of samples) await inspected(t, e.serial, { ...scan(), ...s });
    // Without a location: no sample.
    await inspected(t, e.serial, scan());
    expect((await equipmentNow(t, e.serial)).referenceLocation).toEqual({
      latitude: median(samples.map((s) => s.latitude)),
      longitude: median(samples.map((s) => s.longitude)),
      source: 'MEDIAN',
    });
    const more = [near(0.00003, -0.0001), near(-0.0002, 0.00004)];
    for (const s of more) await inspected(t, e.serial, { ...scan(), ...s });
    const five = [...samples, ...more];
    const reference = {
      latitude: median(five.map((s) => s.latitude)),
      longitude: median(five.map((s) => s.longitude)),
      source: 'MEDIAN',
    };
    expect((await equipmentNow(t, e.serial)).referenceLocation).toEqual(reference);
    // A sixth located inspection (2 km away) no longer moves it, and is flagged against it.
    await inspected(t, e.serial, { ...scan(), ...FAR, accuracy: 10 });
    const eq = await equipmentNow(t, e.serial);
    expect(eq.referenceLocation).toEqual(reference);
    expect(eq.lastInspectionPresence).toMatchObject({
      farFromReference: true,
      typed: false,
      lateSubmit: false,
    });
  });
});

describe('proof-of-presence flags', () => {
  it('a typed serial is flagged in the history, on the equipment and on its report row; an unknown one is not', async () => {
    const e = await equipmentOf(t);
    await inspected(t, e.serial, {});
    let [record] = await history(t, e.serial);
    expect(record!.identifiedBy).toBeNull();
    expect(record!.presence).toEqual({
      typed: false,
      farFromReference: false,
      lateSubmit: false,
      distanceM: null,
      submitDelayMinutes: null,
    });
    await inspected(t, e.serial, { identifiedBy: 'TYPED', ...near(0, 0) });
    [record] = await history(t, e.serial);
    expect(record!.identifiedBy).toBe('TYPED');
    expect(record!.presence).toMatchObject({ typed: true, farFromReference: false, lateSubmit: false });
    expect((await equipmentNow(t, e.serial)).lastInspectionPresence).toMatchObject({ typed: true });
    const row = await reportRow(e.serial);
    expect(row.lastInspectionPresence).toMatchObject({
      typed: true,
      farFromReference: false,
      lateSubmit: false,
    });
    // A typed serial is not a scan: the equipment was never scanned.
    expect(row.lastScannedAt).toBeNull();
  });

  it('a location 2 km from the reference is flagged with its distance; nearby ones are not', async () => {
    const e = await equipmentOf(t);
    for (const s of [near(0.00001, 0), near(0, 0.00002), near(-0.00002, -0.00001)])
      await inspected(t, e.serial, { ...scan(), ...s });
    await inspected(t, e.serial, { ...scan(), ...FAR, accuracy: 12 });
    const records = await history(t, e.serial);
    expect(records[0]!.presence.farFromReference).toBe(true);
    expect(records[0]!.presence.typed).toBe(false);
    expect(records[0]!.presence.distanceM).toBeGreaterThan(1990);
    expect(records[0]!.presence.distanceM).toBeLessThan(2015);
    for (const r of records.slice(1)) {
      expect(r.presence.farFromReference).toBe(false);
      expect(r.presence.distanceM).toBeLessThan(10);
    }
    const row = await reportRow(e.serial);
    expect(row.lastInspectionPresence).toMatchObject({ farFromReference: true, typed: false });
    expect(row.lastInspectionPresence!.distanceM).toBe(records[0]!.presence.distanceM);
    // No location: no distance, no flag.
    await inspected(t, e.serial, scan());
    expect((await history(t, e.serial))[0]!.presence).toMatchObject({
      farFromReference: false,
      distanceM: null,
    });
  });

  it('a submission long after the scan is flagged (more than 30 minutes)', async () => {
    const e = await equipmentOf(t);
    const performedAt = minutesAgo(5);
    await inspected(t, e.serial, { identifiedBy: 'SCAN', scannedAt: minutesAgo(50), performedAt });
    await inspected(t, e.serial, {
      identifiedBy: 'NFC',
      scannedAt: minutesAgo(12),
      performedAt: minutesAgo(2),
    });
    const [quick, late] = await history(t, e.serial);
    expect(late!.presence).toMatchObject({ lateSubmit: true, submitDelayMinutes: 45, typed: false });
    expect(quick!.presence).toMatchObject({ lateSubmit: false, submitDelayMinutes: 10 });
    expect(quick!.identifiedBy).toBe('NFC');
  });
});

describe('equipment.setReferenceLocation', () => {
  it('an admin sets it (ADMIN, kept by later inspections); nulls go back to the median; an operator cannot', async () => {
    const e = await equipmentOf(t);
    const samples = [near(0.00001, 0), near(0, 0.00001)];
    for (const s of samples) await inspected(t, e.serial, { ...scan(), ...s });
    const path = `/web/equipments/${e.serial}/reference-location/`;

    const operator = await rest('PUT', path, { token: t.tokens.operator, body: FAR });
    expect(operator.status).toBe(403);
    expect(operator.json.error?.code).toBe('FORBIDDEN');
    const otherCompany = await rest('PUT', path, { token: companyAdminB, body: FAR });
    expect(otherCompany.status).toBe(404);
    expect(otherCompany.json.error?.code).toBe('TAG_NOT_FOUND');
    const half = await rest('PUT', path, {
      token: t.tokens.companyAdmin,
      body: { latitude: FAR.latitude, longitude: null },
    });
    expect(half.status).toBe(400);
    expect(half.json.error?.code).toBe('EQUIPMENT_REFERENCE_LOCATION_INVALID');
    expect((await equipmentNow(t, e.serial)).referenceLocation?.source).toBe('MEDIAN');

    const set = await rest<Equipment>('PUT', path, { token: t.tokens.companyAdmin, body: FAR });
    expect(set.status).toBe(200);
    expect(set.json.data!.referenceLocation).toEqual({ ...FAR, source: 'ADMIN' });
    // The records are measured against the admin's location now: both were 2 km from it.
    for (const r of await history(t, e.serial)) expect(r.presence.farFromReference).toBe(true);
    await inspected(t, e.serial, { ...scan(), ...near(0, 0) });
    expect((await equipmentNow(t, e.serial)).referenceLocation).toEqual({ ...FAR, source: 'ADMIN' });

    const cleared = await trpcClient(t.tokens.group).equipment.setReferenceLocation.mutate({
      tag: e.serial,
      latitude: null,
      longitude: null,
    });
    const three = [...samples, near(0, 0)];
    expect(cleared.referenceLocation).toEqual({
      latitude: median(three.map((s) => s.latitude)),
      longitude: median(three.map((s) => s.longitude)),
      source: 'MEDIAN',
    });
    for (const r of await history(t, e.serial)) expect(r.presence.farFromReference).toBe(false);
  });
});
