/** Issue 30 item 4: the technician's day orders a visit's equipment by nearest neighbour. */
import { describe, expect, it } from 'vitest';
import {
  distanceMetres,
  nearestNeighbourOrder,
  type RoutePoint,
  routeLength,
} from '../../src/shared/visits/route.ts';

// Points along a street, about 11 m apart per 0.0001° of latitude.
const at = (n: number): RoutePoint => ({ lat: -23.55 + n * 0.0001, lng: -46.63 });

describe('nearestNeighbourOrder', () => {
  it('walks from the start to the closest stop, then the closest to that one', () => {
    const stops = [
      { item: 'far', location: at(50) },
      { item: 'near', location: at(1) },
      { item: 'middle', location: at(10) },
    ];
    expect(nearestNeighbourOrder(stops, at(0))).toEqual(['near', 'middle', 'far']);
    // from the other end of the street the order turns around
    expect(nearestNeighbourOrder(stops, at(60))).toEqual(['far', 'middle', 'near']);
  });

  it('starts at the first located stop without a start, and leaves unlocated stops last in their order', () => {
    const stops = [
      { item: 'x', location: null },
      { item: 'a', location: at(20) },
      { item: 'y', location: null },
      { item: 'b', location: at(0) },
      { item: 'c', location: at(21) },
    ];
    expect(nearestNeighbourOrder(stops)).toEqual(['a', 'c', 'b', 'x', 'y']);
  });

  it('keeps the given order on ties and handles no stops', () => {
    const same = at(5);
    expect(
      nearestNeighbourOrder(
        [
          { item: 1, location: same },
          { item: 2, location: same },
        ],
        at(0),
      ),
    ).toEqual([1, 2]);
    expect(nearestNeighbourOrder([])).toEqual([]);
  });

  it('is shorter than the given order on a shuffled street', () => {
    const order = [7, 2, 9, 0, 5, 3, 8, 1, 6, 4];
    const stops = order.map((n) => ({ item: n, location: at(n * 3) }));
    const routed = nearestNeighbourOrder(stops, at(0));
    expect(routed).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const length = (ns: number[]) =>
      routeLength(
        ns.map((n) => at(n * 3)),
        at(0),
      );
    expect(length(routed)).toBeLessThan(length(order));
  });
});

describe('distanceMetres', () => {
  it('gives metres on the ground', () => {
    // 0.001° of latitude ≈ 111 m
    expect(distanceMetres(at(0), at(10))).toBeGreaterThan(110);
    expect(distanceMetres(at(0), at(10))).toBeLessThan(112);
    expect(distanceMetres(at(3), at(3))).toBe(0);
  });
});

describe('calendar days', () => {
  it('a week runs Sunday to Saturday and a month shows whole weeks', async () => {
    const { calendarDays, stepDay, weekdayOf } = await import(
      '../../src/client/features/visits/calendar-days.ts'
    );
    expect(weekdayOf('2026-11-29')).toBe(0); // a Sunday
    expect(calendarDays('week', '2026-12-02')).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
    const month = calendarDays('month', '2026-02-17');
    expect(month[0]).toBe('2026-02-01'); // February 2026 starts on a Sunday
    expect(month.at(-1)).toBe('2026-02-28');
    expect(calendarDays('month', '2026-11-05')).toHaveLength(35);
    expect(stepDay('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(stepDay('week', '2026-01-31', -1)).toBe('2026-01-24');
  });
});
