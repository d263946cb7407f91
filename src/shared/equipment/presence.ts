/**
 * Proof of presence (issue 20), as pure rules the server applies to every record it answers (and a
 * client may apply to what it holds offline): the distance between an inspection's location and the
 * equipment's reference, and the three flags — typed serial, far from the reference, submitted long
 * after the scan. Records without `identifiedBy` (older ones, older clients) are unknown, not typed.
 */
import type { IdentifiedBy, PresenceFlags } from './schemas.ts';

/** A field record's clock may run this far ahead of the server's: later is "in the future". */
export const CLOCK_SKEW_MINUTES = 5;

export interface PresenceLimits {
  /** PRESENCE_MAX_DISTANCE_M */
  maxDistanceM: number;
  /** PRESENCE_MAX_SUBMIT_DELAY_MIN */
  maxSubmitDelayMinutes: number;
}

export interface LatLng {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine on the mean Earth radius: well under 0.5 % off). */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface PresenceRecord {
  identifiedBy: IdentifiedBy | null;
  latitude: number | null;
  longitude: number | null;
  /** when the tag was identified */
  scannedAt: Date | null;
  /** when the record was submitted on the device */
  performedAt: Date;
}

const located = (lat: number | null | undefined, lng: number | null | undefined): LatLng | null =>
  lat === null || lat === undefined || lng === null || lng === undefined
    ? null
    : { latitude: lat, longitude: lng };

/** The flags of one record against its equipment's reference location (null: none yet). */
export function presenceFlags(
  record: PresenceRecord,
  reference: { latitude: number | null; longitude: number | null } | null,
  limits: PresenceLimits,
): PresenceFlags {
  const here = located(record.latitude, record.longitude);
  const ref = reference ? located(reference.latitude, reference.longitude) : null;
  const distance = here && ref ? distanceMeters(here, ref) : null;
  const delay =
    record.scannedAt === null ? null : (record.performedAt.getTime() - record.scannedAt.getTime()) / 60_000;
  return {
    typed: record.identifiedBy === 'TYPED',
    farFromReference: distance !== null && distance > limits.maxDistanceM,
    lateSubmit: delay !== null && delay > limits.maxSubmitDelayMinutes,
    distanceM: distance === null ? null : Math.round(distance),
    submitDelayMinutes: delay === null ? null : Math.round(delay * 10) / 10,
  };
}
