/**
 * What the domains above read of a seal: the record's PDF (documents) shows the signatures and the
 * code. The public tag card (equipment, below) reads the last code itself (equipment/card.ts).
 */
import type { Db } from '../../kit/tenant-tx.ts';
import type { RecordSealRef } from '../../../shared/seals/schemas.ts';
import type { SealKind } from './tables.ts';

export interface RecordSealView {
  code: string;
  sealedAt: Date;
  technician: { name: string; image: Uint8Array };
  client: { name: string; role: string; image: Uint8Array } | null;
}

/** The seal of a record, or null while it is not signed. */
export async function recordSeal(db: Db, kind: SealKind, recordId: number): Promise<RecordSealView | null> {
  const s = await db
    .selectFrom('record_seals')
    .select([
      'code',
      'sealed_at',
      'technician_name',
      'technician_image',
      'client_name',
      'client_role',
      'client_image',
    ])
    .where('kind', '=', kind)
    .where('record_id', '=', recordId)
    .executeTakeFirst();
  if (!s) return null;
  return {
    code: s.code,
    sealedAt: s.sealed_at,
    technician: { name: s.technician_name, image: s.technician_image },
    client:
      s.client_name !== null && s.client_image !== null
        ? { name: s.client_name, role: s.client_role ?? '', image: s.client_image }
        : null,
  };
}

/** The seal codes of a page of records, by record id (the `(kind, record_id)` unique index). */
export async function sealsOfRecords(
  db: Db,
  kind: SealKind,
  recordIds: readonly number[],
): Promise<Map<number, RecordSealRef>> {
  if (recordIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('record_seals')
    .select(['record_id', 'code', 'sealed_at'])
    .where('kind', '=', kind)
    .where('record_id', 'in', recordIds)
    .execute();
  return new Map(rows.map((r) => [r.record_id, { code: r.code, sealedAt: r.sealed_at }]));
}

/**
 * The last sealed record of each of `equipmentIds` (the building dossier, issue 30 item 5): its
 * kind, code and sealing time, by equipment id — one statement over `record_seals_equipment_idx`.
 */
export async function lastSealsOfEquipment(
  db: Db,
  equipmentIds: readonly number[],
): Promise<Map<number, RecordSealRef & { kind: SealKind }>> {
  if (equipmentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('record_seals')
    .distinctOn('equipment_id')
    .select(['equipment_id', 'kind', 'code', 'sealed_at'])
    .where('equipment_id', 'in', [...equipmentIds])
    .orderBy('equipment_id')
    .orderBy('sealed_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.equipment_id, { kind: r.kind, code: r.code, sealedAt: r.sealed_at }]));
}
