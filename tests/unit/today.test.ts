import { describe, expect, it } from 'vitest';
import { today } from '../../src/server/db/days.ts';
import { todayIn } from '../../src/shared/equipment/status.ts';
import { config } from '../../src/server/config.ts';

describe('today() (kept for the second it was asked in)', () => {
  it('changes exactly at midnight where the product is used, whatever was asked before', () => {
    const zone = config().APP_TIME_ZONE;
    // Around midnight in the zone, to the millisecond, asked in both orders and repeatedly.
    const midnight = new Date(`${todayIn(zone, new Date('2025-05-10T12:00:00Z'))}T00:00:00Z`).getTime();
    const instants: number[] = [];
    for (let offset = -14 * 3600_000; offset <= 14 * 3600_000; offset += 15 * 60_000)
      for (const ms of [-1001, -1000, -999, -1, 0, 1, 999, 1000]) instants.push(midnight + offset + ms);
    for (const order of [
      instants,
      [...instants].reverse(),
      instants.flatMap((t, i) => [t, instants[instants.length - 1 - i]!]),
    ])
      for (const t of order) expect(today(new Date(t))).toBe(todayIn(zone, new Date(t)));
  });
});
