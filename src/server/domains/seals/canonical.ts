/**
 * The content a seal covers, and its SHA-256. The same loader and the same JSON serve the sealing
 * (sign.ts) and every later check (verify.ts), so a record whose stored content changed in any way
 * — an answer, a time, a coordinate, a signature's bytes — no longer hashes to its seal.
 *
 * Canonical JSON: object keys sorted at every depth, no whitespace, numbers as JavaScript prints
 * them (shortest round-trip form), times as UTC text with microseconds (`to_char` in SQL, so the
 * stored precision is covered, not the driver's milliseconds), binary data by its SHA-256 (hex).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../kit/tenant-tx.ts';
import { recordPhotoHashes } from '../photos/index.ts';
import type { SealKind } from './tables.ts';

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Deterministic JSON: sorted keys, no `undefined`, finite numbers only. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('canonical JSON: a number that is not finite');
    return JSON.stringify(value);
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new Error(`canonical JSON: cannot encode a ${typeof value}`);
}

/** A timestamp column as UTC text with microseconds (null stays null). */
const utc = (column: string) =>
  sql<string | null>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The record's own stored content: what the seal covers besides the seal's part. */
export interface RecordContent {
  kind: SealKind;
  id: number;
  equipmentId: number;
  companyId: number;
  productId: number;
  /** not hashed: the record's date for the answers */
  performedAt: Date;
  content: Record<string, unknown>;
}

/**
 * The record row as stored (inspections: answers, attributes, improper and the presence proof —
 * identified by, scanned at, latitude, longitude, accuracy; maintenances: answers, attributes,
 * parts), or null when the tenant has no record of that id.
 */
export async function loadRecordContent(db: Db, kind: SealKind, id: number): Promise<RecordContent | null> {
  const common = [
    'r.id',
    'r.equipment_id',
    'r.company_id',
    'r.product_id',
    'r.user_id',
    'r.user_name',
    'r.answers',
    'r.attributes',
    'r.identified_by',
    'r.performed_at',
  ] as const;
  const times = [
    utc('r.created_at').as('created_text'),
    utc('r.performed_at').as('performed_text'),
    utc('r.scanned_at').as('scanned_text'),
  ];
  let content: Record<string, unknown>;
  let row: { id: number; equipment_id: number; company_id: number; product_id: number; performed_at: Date };
  if (kind === 'INSPECTION') {
    const r = await db
      .selectFrom('inspections as r')
      .select([...common, 'r.latitude', 'r.longitude', 'r.accuracy', 'r.improper', ...times])
      .where('r.id', '=', id)
      .executeTakeFirst();
    if (!r) return null;
    row = r;
    content = {
      ...commonContent(r),
      improper: r.improper,
      presence: {
        identifiedBy: r.identified_by,
        scannedAt: r.scanned_text,
        latitude: r.latitude,
        longitude: r.longitude,
        accuracy: r.accuracy,
      },
    };
  } else {
    const r = await db
      .selectFrom('maintenances as r')
      .select([...common, 'r.parts', 'r.cycles', ...times])
      .where('r.id', '=', id)
      .executeTakeFirst();
    if (!r) return null;
    row = r;
    content = {
      ...commonContent(r),
      parts: r.parts,
      // The cycles it fulfilled (issue 30); absent when none, so seals made before them still verify.
      ...(r.cycles.length ? { cycles: r.cycles } : {}),
      presence: { identifiedBy: r.identified_by, scannedAt: r.scanned_text },
    };
  }
  return {
    kind,
    id: row.id,
    equipmentId: row.equipment_id,
    companyId: row.company_id,
    productId: row.product_id,
    performedAt: row.performed_at,
    content,
  };
}

function commonContent(r: {
  id: number;
  equipment_id: number;
  company_id: number;
  product_id: number;
  user_id: number | null;
  user_name: string | null;
  answers: unknown;
  attributes: unknown;
  created_text: string | null;
  performed_text: string | null;
}) {
  return {
    id: r.id,
    equipmentId: r.equipment_id,
    companyId: r.company_id,
    productId: r.product_id,
    technicianUser: { id: r.user_id, name: r.user_name },
    answers: r.answers,
    attributes: r.attributes,
    times: { receivedAt: r.created_text, performedAt: r.performed_text },
  };
}

/** The seal's own part of the content: what was signed, by whom, and what it corrects. */
export interface SealPart {
  tagSerial: string;
  productName: string;
  technician: { name: string; image: Uint8Array };
  client: { name: string; role: string; image: Uint8Array } | null;
  signedBy: number | null;
  sealedAt: Date;
  correctsId: number | null;
}

/** The photos' own hashes (issue 29 item 1), in the record's photo order (photos domain). */
function photoHashes(db: Db, kind: SealKind, recordId: number): Promise<string[]> {
  return recordPhotoHashes(db, kind, recordId);
}

/** The canonical JSON text of a sealed record: the record, the photos' hashes and the seal's part. */
export async function canonicalContent(db: Db, record: RecordContent, seal: SealPart): Promise<string> {
  return canonicalJson({
    version: 1,
    kind: record.kind,
    record: record.content,
    equipment: { id: record.equipmentId, tagSerial: seal.tagSerial },
    product: { id: record.productId, name: seal.productName },
    photos: await photoHashes(db, record.kind, record.id),
    signatures: {
      technician: { name: seal.technician.name, imageSha256: sha256Hex(seal.technician.image) },
      client: seal.client
        ? { name: seal.client.name, role: seal.client.role, imageSha256: sha256Hex(seal.client.image) }
        : null,
      signedBy: seal.signedBy,
      sealedAt: seal.sealedAt,
    },
    corrects: seal.correctsId === null ? null : { kind: record.kind, id: seal.correctsId },
  });
}
