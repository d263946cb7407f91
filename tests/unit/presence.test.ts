import { describe, expect, it } from 'vitest';
import { distanceMeters, presenceFlags } from '../../src/shared/equipment/presence.ts';

const limits = { maxDistanceM: 200, maxSubmitDelayMinutes: 30 };
const at = (iso: string) => new Date(iso);
const base = {
  identifiedBy: 'SCAN' as const,
  latitude: -23.56,
  longitude: -46.64,
  scannedAt: at('2025-05-01T12:00:00Z'),
  performedAt: at('2025-05-01T12:05:00Z'),
};
const reference = { latitude: -23.56, longitude: -46.64 };

describe('distanceMeters', () => {
  it('measures great-circle distances in metres', () => {
    // One degree of latitude is about 111.2 km anywhere; São Paulo → Rio de Janeiro (city centres) about 361 km.
    expect(distanceMeters({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
      111_195,
      -1,
    );
    expect(
      distanceMeters(
        { latitude: -23.5505, longitude: -46.6333 },
        { latitude: -22.9068, longitude: -43.1729 },
      ) / 1000,
    ).toBeCloseTo(361, 0);
    expect(distanceMeters(reference, reference)).toBe(0);
  });
});

describe('presenceFlags', () => {
  it('a scanned, nearby, promptly submitted inspection has no flag', () => {
    expect(presenceFlags(base, reference, limits)).toEqual({
      typed: false,
      farFromReference: false,
      lateSubmit: false,
      distanceM: 0,
      submitDelayMinutes: 5,
    });
  });

  it('typed serials are flagged; records without identifiedBy are unknown, not typed', () => {
    expect(presenceFlags({ ...base, identifiedBy: 'TYPED' }, reference, limits).typed).toBe(true);
    expect(presenceFlags({ ...base, identifiedBy: null }, reference, limits).typed).toBe(false);
    expect(presenceFlags({ ...base, identifiedBy: 'NFC' }, reference, limits).typed).toBe(false);
  });

  it('farther than the limit from the reference (2 km), not at the limit, not without either location', () => {
    const far = presenceFlags({ ...base, latitude: -23.56 + 0.018 }, reference, limits);
    expect(far.farFromReference).toBe(true);
    expect(far.distanceM).toBeGreaterThan(1990);
    expect(far.distanceM).toBeLessThan(2010);
    expect(presenceFlags({ ...base, latitude: -23.56 + 0.0017 }, reference, limits).farFromReference).toBe(
      false,
    );
    expect(presenceFlags({ ...base, latitude: null, longitude: null }, reference, limits)).toMatchObject({
      farFromReference: false,
      distanceM: null,
    });
    expect(presenceFlags(base, null, limits)).toMatchObject({ farFromReference: false, distanceM: null });
    expect(presenceFlags(base, { latitude: null, longitude: null }, limits).distanceM).toBeNull();
  });

  it('submitted more than the delay after the scan; exactly at it is not late; no scan time, no flag', () => {
    const late = presenceFlags({ ...base, performedAt: at('2025-05-01T12:31:00Z') }, reference, limits);
    expect(late).toMatchObject({ lateSubmit: true, submitDelayMinutes: 31 });
    expect(
      presenceFlags({ ...base, performedAt: at('2025-05-01T12:30:00Z') }, reference, limits).lateSubmit,
    ).toBe(false);
    expect(presenceFlags({ ...base, scannedAt: null }, reference, limits)).toMatchObject({
      lateSubmit: false,
      submitDelayMinutes: null,
    });
  });
});
