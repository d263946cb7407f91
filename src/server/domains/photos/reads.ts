/**
 * Reading record photos: a record's list (with links), the photos of a page of records in one
 * query (the equipment history), their hashes in a stable order (the seal), their bytes (the PDF)
 * and one photo's file behind a signed link.
 */
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { PhotoRecordKind, RecordPhoto } from '../../../shared/photos/schemas.ts';
import { tenantDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { fileStore } from '../../files/store.ts';
import type { Ctx, Db } from '../../kit/tenant-tx.ts';
import { lastRecordsOf } from '../equipment/index.ts';
import { photoLink, photoLinkValid } from './links.ts';
import type { RecordPhotoTable } from './tables.ts';
import { recordInScope } from './upload.ts';

type PhotoRow = Pick<
  RecordPhotoTable,
  'record_id' | 'file_key' | 'question_id' | 'taken_at' | 'width' | 'height'
> & { id: number };

const LISTED = ['id', 'record_id', 'file_key', 'question_id', 'taken_at', 'width', 'height'] as const;

async function toPhoto(schema: string, r: PhotoRow, now: number): Promise<RecordPhoto> {
  const { url, expiresAt } = await photoLink(schema, r, now);
  return {
    id: r.id,
    url,
    expiresAt,
    questionId: r.question_id,
    takenAt: r.taken_at,
    width: r.width,
    height: r.height,
  };
}

/** The photos of one record of the caller's scope (404 otherwise), in the order they were added. */
export async function listRecordPhotos(
  ctx: Ctx,
  input: { kind: PhotoRecordKind; id: number },
): Promise<RecordPhoto[]> {
  const db = ctx.auth.tenant;
  await recordInScope(ctx, db, input.kind, input.id);
  const map = await photosOfRecords(ctx, input.kind, [input.id]);
  return map.get(input.id) ?? [];
}

/** The photos of records `ids` of one kind, by record id — one query (the history's page). */
export async function photosOfRecords(
  ctx: Ctx,
  kind: PhotoRecordKind,
  ids: number[],
): Promise<Map<number, RecordPhoto[]>> {
  const out = new Map<number, RecordPhoto[]>();
  if (!ids.length) return out;
  const rows = await ctx.auth.tenant
    .selectFrom('record_photos')
    .select(LISTED)
    .where('record_kind', '=', kind)
    .where('record_id', 'in', ids)
    .orderBy('record_id')
    .orderBy('position')
    .execute();
  const now = Date.now();
  const schema = ctx.auth.companyGroup.schema_name;
  for (const r of rows) {
    const list = out.get(r.record_id) ?? [];
    list.push(await toPhoto(schema, r, now));
    out.set(r.record_id, list);
  }
  return out;
}

/**
 * The hex SHA-256 of each of a record's photos' stored bytes, in the order they were added
 * (position): what the seal signs. Reads inside the caller's transaction when given one.
 */
export async function recordPhotoHashes(db: Db, kind: PhotoRecordKind, id: number): Promise<string[]> {
  const rows = await db
    .selectFrom('record_photos')
    .select('sha256')
    .where('record_kind', '=', kind)
    .where('record_id', '=', id)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.sha256);
}

/** How many photos an equipment's last inspection and last maintenance have (0 when it has none of that record). */
export interface LastRecordPhotoCounts {
  inspection: number;
  maintenance: number;
}

/**
 * The photo counts of equipment `ids`' last inspection and maintenance, by equipment id — ONE
 * statement for a batch of a report (each count an index-only range of `record_photos_record_uq`).
 */
export async function lastRecordPhotoCounts(
  db: Db,
  ids: number[],
): Promise<Map<number, LastRecordPhotoCounts>> {
  if (!ids.length) return new Map();
  const rows = await lastRecordsOf(db, ids)
    .select((eb) => {
      const count = (kind: PhotoRecordKind, record: 'e.last_inspection_id' | 'e.last_maintenance_id') =>
        eb
          .selectFrom('record_photos as p')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('p.record_kind', '=', kind)
          .whereRef('p.record_id', '=', record);
      return [
        count('INSPECTION', 'e.last_inspection_id').as('inspection'),
        count('MAINTENANCE', 'e.last_maintenance_id').as('maintenance'),
      ];
    })
    .execute();
  return new Map(rows.map((r) => [r.id, { inspection: r.inspection ?? 0, maintenance: r.maintenance ?? 0 }]));
}

/** A record's photo as the PDF embeds it: the stored bytes and what it says of itself. */
export interface RecordPhotoFile {
  bytes: Uint8Array;
  contentType: string;
  width: number;
  height: number;
  questionId: number | null;
  takenAt: Date | null;
}

/** The stored bytes of a record's photos, in order (a photo whose file is gone is left out). */
export async function recordPhotoFiles(
  db: Db,
  kind: PhotoRecordKind,
  id: number,
): Promise<RecordPhotoFile[]> {
  const rows = await db
    .selectFrom('record_photos')
    .select(['file_key', 'content_type', 'width', 'height', 'question_id', 'taken_at'])
    .where('record_kind', '=', kind)
    .where('record_id', '=', id)
    .orderBy('position')
    .execute();
  const out: RecordPhotoFile[] = [];
  for (const r of rows) {
    const stream = await fileStore().get(r.file_key);
    if (!stream) continue;
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    out.push({
      bytes: new Uint8Array(Buffer.concat(chunks)),
      contentType: r.content_type,
      width: r.width,
      height: r.height,
      questionId: r.question_id,
      takenAt: r.taken_at,
    });
  }
  return out;
}

export interface OpenedPhoto {
  stream: Readable;
  contentType: string;
  size: number;
  /** seconds the link still works (the answer may be cached that long) */
  maxAge: number;
}

/** One photo's bytes through its signed link (403 RECORD_PHOTO_LINK_INVALID when not valid, 404 when gone). */
export async function openPhotoFile(input: {
  group: string;
  id: number;
  exp?: string | undefined;
  sig?: string | undefined;
}): Promise<OpenedPhoto> {
  const now = Date.now();
  if (!photoLinkValid(input.group, input.id, input.exp, input.sig, now))
    throw new AppError('RECORD_PHOTO_LINK_INVALID');
  const row = await tenantDb(input.group)
    .selectFrom('record_photos')
    .select(['file_key', 'content_type', 'byte_size'])
    .where('id', '=', input.id)
    .executeTakeFirst();
  const stream = row ? await fileStore().get(row.file_key) : null;
  if (!row || !stream) throw new AppError('NOT_FOUND');
  return {
    stream,
    contentType: row.content_type,
    size: row.byte_size,
    maxAge: Math.max(0, Number(input.exp) - Math.floor(now / 1000)),
  };
}
