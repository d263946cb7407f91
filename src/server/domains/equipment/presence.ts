/**
 * Offline records and proof of presence (issue 20), server side: when a field record was made
 * (`performedAt`: a past instant within OFFLINE_MAX_AGE_DAYS, never the future beyond the clock
 * skew), how the tag was identified, and the equipment's reference location — the component-wise
 * median of its first `REFERENCE_SAMPLES` located inspections (by performed time), kept by the
 * inspection's transaction until that many are in, or set by an admin (then kept until cleared).
 * The flags are computed where records are answered, from stored values and the current limits
 * (`presenceFlags`, src/shared/equipment/presence.ts), so a changed limit or reference applies to
 * every record at once.
 */
import { type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import { CLOCK_SKEW_MINUTES, type PresenceLimits } from '../../../shared/equipment/presence.ts';
import type { IdentifiedBy, setReferenceLocationSchema } from '../../../shared/equipment/schemas.ts';
import { config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { type Ctx, inTenantTx, type Trx } from './common.ts';
import { loadOneEquipment } from './dto.ts';
import { lockEquipmentOnTag } from './lookup.ts';

/** Located inspections the MEDIAN reference is taken over (migration 0307 backfilled with the same). */
export const REFERENCE_SAMPLES = 5;

export function presenceLimits(): PresenceLimits {
  const c = config();
  return { maxDistanceM: c.PRESENCE_MAX_DISTANCE_M, maxSubmitDelayMinutes: c.PRESENCE_MAX_SUBMIT_DELAY_MIN };
}

export interface RecordTimes {
  /** when it was made: the record's date, and what the equipment's dates follow */
  performedAt: Date;
  /** when the server got it */
  receivedAt: Date;
  identifiedBy: IdentifiedBy | null;
  scannedAt: Date | null;
}

/**
 * A field record's times, checked before anything is written: `performedAt` (default now) may not
 * be later than now + CLOCK_SKEW_MINUTES (400 RECORD_PERFORMED_AT_FUTURE) nor older than
 * OFFLINE_MAX_AGE_DAYS (400 RECORD_PERFORMED_AT_TOO_OLD); `scannedAt` not later than it by more than
 * the skew (400 RECORD_SCANNED_AT_INVALID). Instants within the skew are taken as now (a phone whose
 * clock runs a little fast never puts a record in the server's future).
 */
export function recordTimes(
  input: { performedAt?: string; identifiedBy?: IdentifiedBy; scannedAt?: string },
  now = new Date(),
): RecordTimes {
  const skew = CLOCK_SKEW_MINUTES * 60_000;
  const performed = input.performedAt === undefined ? now : new Date(input.performedAt);
  if (performed.getTime() > now.getTime() + skew) throw new AppError('RECORD_PERFORMED_AT_FUTURE');
  const days = config().OFFLINE_MAX_AGE_DAYS;
  if (performed.getTime() < now.getTime() - days * 86_400_000)
    throw new AppError('RECORD_PERFORMED_AT_TOO_OLD', { params: { days } });
  const scanned = input.scannedAt === undefined ? null : new Date(input.scannedAt);
  if (scanned && scanned.getTime() > performed.getTime() + skew)
    throw new AppError('RECORD_SCANNED_AT_INVALID');
  const performedAt = performed > now ? now : performed;
  return {
    performedAt,
    receivedAt: now,
    identifiedBy: input.identifiedBy ?? null,
    scannedAt: scanned && scanned > performedAt ? performedAt : scanned,
  };
}

/** A camera or NFC read of the tag (not a typed serial, nor an unknown one). */
export const isScan = (by: IdentifiedBy | null) => by === 'SCAN' || by === 'NFC';

/**
 * The MEDIAN reference of an equipment again, from its first located inspections (one statement
 * over `inspections_equipment_performed_idx`); an ADMIN reference is left alone. Call inside the
 * inspection's transaction, with the equipment locked.
 */
export async function refreshMedianReference(trx: Trx, equipmentId: number): Promise<void> {
  const first = trx
    .selectFrom('inspections')
    .select(['latitude', 'longitude'])
    .where('equipment_id', '=', equipmentId)
    .where('latitude', 'is not', null)
    .where('longitude', 'is not', null)
    .orderBy('performed_at')
    .orderBy('id')
    .limit(REFERENCE_SAMPLES)
    .as('f');
  const median = trx
    .selectFrom(first)
    .select([
      sql<number>`percentile_cont(0.5) within group (order by f.latitude)`.as('lat'),
      sql<number>`percentile_cont(0.5) within group (order by f.longitude)`.as('lng'),
      sql<number>`count(*)::int`.as('n'),
    ]);
  await trx
    .updateTable('equipment as e')
    .from(median.as('m'))
    .set({
      reference_latitude: sql`m.lat`,
      reference_longitude: sql`m.lng`,
      reference_source: 'MEDIAN',
      reference_samples: sql`m.n`,
    })
    .where('e.id', '=', equipmentId)
    .where(sql<SqlBool>`e.reference_source is distinct from 'ADMIN'`)
    .where(sql<SqlBool>`m.n > 0`)
    .execute();
}

type SetReferenceInput = z.output<typeof setReferenceLocationSchema>;

/**
 * PUT /web/equipments/{tag}/reference-location/: an admin sets where the equipment is (ADMIN, kept
 * however many inspections come), or clears it with nulls — back to the MEDIAN of its first
 * located inspections (none yet: no reference). 400 EQUIPMENT_REFERENCE_LOCATION_INVALID when only
 * one of latitude and longitude is given.
 */
export async function setReferenceLocation(ctx: Ctx, input: SetReferenceInput) {
  if ((input.latitude === null) !== (input.longitude === null))
    throw new AppError('EQUIPMENT_REFERENCE_LOCATION_INVALID');
  const id = await inTenantTx(ctx, async (trx) => {
    const { equipment: e } = await lockEquipmentOnTag(ctx, trx, input.tag);
    const admin = input.latitude !== null && input.longitude !== null;
    await trx
      .updateTable('equipment')
      .set({
        reference_latitude: input.latitude,
        reference_longitude: input.longitude,
        reference_source: admin ? 'ADMIN' : null,
        reference_samples: 0,
        updated_at: sql`now()`,
      })
      .where('id', '=', e.id)
      .execute();
    if (!admin) await refreshMedianReference(trx, e.id);
    return e.id;
  });
  return loadOneEquipment(ctx.auth.tenant, id);
}
