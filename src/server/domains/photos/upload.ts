/**
 * Adding a photo to an inspection or a maintenance (issue 29 item 1). The record is held to the
 * caller's scope first (another tenant's, another company's or an unknown record: 404 NOT_FOUND),
 * then the bytes are checked (missing 400, too large 413, not JPEG/PNG by their bytes 415),
 * cleaned of location and device metadata, stored, and the row written.
 *
 * The limit of 10 is held by the table itself: a photo takes the next `position` of its record,
 * and `position` is unique per record and at most 10. Two uploads racing for the same place
 * collide on the unique index; the loser reads the positions again and takes the next one (or is
 * refused at 10). No row of the records' tables is locked: they belong to the equipment domain,
 * and the seal's trigger (attached to record_photos) reads them itself.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  type AddRecordPhoto,
  type PhotoRecordKind,
  RECORD_PHOTO_MAX_BYTES,
  RECORD_PHOTOS_MAX,
} from '../../../shared/photos/schemas.ts';
import { cleanPhoto } from '../../../shared/photos/image-bytes.ts';
import { config } from '../../config.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { AppError } from '../../errors.ts';
import { fileStore } from '../../files/store.ts';
import { requireInScope, scopeOf } from '../../kit/scope.ts';
import { type Ctx, type Db, inTenantTx } from '../../kit/tenant-tx.ts';
import { log } from '../../logger.ts';
import { inspectionRecordById, maintenanceRecordById } from '../equipment/index.ts';
import { photoLink } from './links.ts';
import { zonedInstant } from './taken-at.ts';

const EXT = { 'image/jpeg': 'jpg', 'image/png': 'png' } as const;
/** Tries at taking a position when concurrent uploads keep taking it first. */
const POSITION_TRIES = RECORD_PHOTOS_MAX + 1;

/** The record's answers' question ids, once the record is known to be the caller's (else 404). */
export async function recordInScope(ctx: Ctx, db: Db, kind: PhotoRecordKind, id: number) {
  const found =
    kind === 'INSPECTION' ? await inspectionRecordById(db, id) : await maintenanceRecordById(db, id);
  const { record } = requireInScope(scopeOf(ctx.auth), found, (r) => ({
    groupId: ctx.auth.companyGroup.id,
    companyId: r.owner.companyId,
  }));
  return new Set(record.questionsAnswers.map((a) => a.questionId).filter((q) => q !== null));
}

function bytesOf(input: AddRecordPhoto): Uint8Array | null {
  if (input.file) return input.file;
  if (input.base64) return new Uint8Array(Buffer.from(input.base64, 'base64'));
  return null;
}

/** The photo's capture time as an instant: with its EXIF offset, else in the product's time zone. */
function takenAtOf(t: { local: string; offset: string | null } | null): Date | null {
  if (!t) return null;
  const d = t.offset ? new Date(`${t.local}${t.offset}`) : zonedInstant(t.local, config().APP_TIME_ZONE);
  return Number.isNaN(d.getTime()) ? null : d;
}

export async function addRecordPhoto(ctx: Ctx, input: AddRecordPhoto): Promise<{ id: number; url: string }> {
  const db = ctx.auth.tenant;
  const questions = await recordInScope(ctx, db, input.kind, input.id);
  const questionId = input.questionId ?? null;
  if (questionId !== null && !questions.has(questionId))
    throw new AppError('RECORD_PHOTO_QUESTION_NOT_IN_RECORD', { params: { questionId } });
  const raw = bytesOf(input);
  if (!raw || raw.length === 0) throw new AppError('RECORD_PHOTO_MISSING');
  const max = RECORD_PHOTO_MAX_BYTES / (1024 * 1024);
  if (raw.length > RECORD_PHOTO_MAX_BYTES) throw new AppError('RECORD_PHOTO_TOO_LARGE', { params: { max } });
  const cleaned = cleanPhoto(raw);
  if (!cleaned) throw new AppError('RECORD_PHOTO_INVALID_TYPE');
  const { bytes, info } = cleaned;
  const schema = ctx.auth.companyGroup.schema_name;
  const key = `photos/${schema}/${input.kind.toLowerCase()}/${input.id}/${Date.now()}-${randomBytes(6).toString('hex')}.${EXT[info.type]}`;
  const row: NewPhoto = {
    record_kind: input.kind,
    record_id: input.id,
    question_id: questionId,
    file_key: key,
    content_type: info.type,
    byte_size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    width: info.width,
    height: info.height,
    taken_at: takenAtOf(info.takenAt),
    created_by: ctx.auth.user.id,
    created_by_name: ctx.auth.user.name,
  };
  await fileStore().put(key, Buffer.from(bytes), info.type);
  try {
    const id = await insertAtNextPosition(ctx, row);
    return { id, url: (await photoLink(schema, { id, file_key: key })).url };
  } catch (e) {
    await fileStore()
      .delete(key)
      .catch((err) => log.warn('refused photo not removed', { key, error: String(err) }));
    throw e;
  }
}

/** A photo's row but its position (taken in the transaction). */
interface NewPhoto {
  record_kind: PhotoRecordKind;
  record_id: number;
  question_id: number | null;
  file_key: string;
  content_type: string;
  byte_size: number;
  sha256: string;
  width: number;
  height: number;
  taken_at: Date | null;
  created_by: number;
  created_by_name: string;
}

/** Inserts the photo at its record's next position (see above); 409 RECORD_PHOTO_LIMIT at 10. */
async function insertAtNextPosition(ctx: Ctx, row: NewPhoto): Promise<number> {
  for (let attempt = 0; attempt < POSITION_TRIES; attempt++) {
    try {
      return await inTenantTx(ctx, async (trx) => {
        const last = await trx
          .selectFrom('record_photos')
          .select(sql<number>`coalesce(max(position), 0)::int`.as('n'))
          .where('record_kind', '=', row.record_kind)
          .where('record_id', '=', row.record_id)
          .executeTakeFirstOrThrow();
        if (last.n >= RECORD_PHOTOS_MAX)
          throw new AppError('RECORD_PHOTO_LIMIT', { params: { max: RECORD_PHOTOS_MAX } });
        const inserted = await trx
          .insertInto('record_photos')
          .values({ ...row, position: last.n + 1 })
          .returning('id')
          .executeTakeFirstOrThrow();
        return inserted.id;
      });
    } catch (e) {
      if (!isUniqueViolation(e, 'record_photos_record_uq')) throw e;
    }
  }
  throw new AppError('RECORD_PHOTO_LIMIT', { params: { max: RECORD_PHOTOS_MAX } });
}
