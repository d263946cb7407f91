/**
 * The technician's day (issue 30 item 4): a short walking route through a visit's equipment, by
 * nearest neighbour from the equipment's reference locations. Pure: no I/O. Equipment without a
 * location keeps its given order after the located ones.
 */

export interface RoutePoint {
  /** degrees */
  lat: number;
  lng: number;
}

export interface RouteStop<T> {
  item: T;
  location: RoutePoint | null;
}

const EARTH_RADIUS_M = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: RoutePoint, b: RoutePoint): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Orders `stops` by nearest neighbour: from `start` (or, without one, the first located stop) the
 * closest stop not yet visited, then the closest to that one, and so on; ties keep the given order.
 * O(n²), fine for a visit's few hundred equipment.
 */
export function nearestNeighbourOrder<T>(stops: readonly RouteStop<T>[], start?: RoutePoint | null): T[] {
  const located = stops.filter((s): s is { item: T; location: RoutePoint } => s.location !== null);
  const unlocated = stops.filter((s) => s.location === null).map((s) => s.item);
  const out: T[] = [];
  const left = [...located];
  let here: RoutePoint | null = start ?? null;
  while (left.length > 0) {
    let best = 0;
    if (here) {
      let bestDistance = Number.POSITIVE_INFINITY;
      for (let i = 0; i < left.length; i++) {
        const d = distanceMetres(here, (left[i] as { location: RoutePoint }).location);
        if (d < bestDistance) {
          bestDistance = d;
          best = i;
        }
      }
    }
    const [next] = left.splice(best, 1);
    if (!next) break;
    out.push(next.item);
    here = next.location;
  }
  return [...out, ...unlocated];
}

/** The route's walking length in metres (from `start` when given). */
export function routeLength(points: readonly RoutePoint[], start?: RoutePoint | null): number {
  let total = 0;
  let here = start ?? null;
  for (const p of points) {
    if (here) total += distanceMetres(here, p);
    here = p;
  }
  return total;
}
