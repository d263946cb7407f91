/**
 * The offline tests' own tenant (the documents fixture: company A with an operator and a company
 * admin, company B with an operator, the group admin, the provider switched in, an extinguisher
 * catalogue with questions of every kind) and the calls they make.
 */
import { coreDb, tenantDb } from '../../../src/server/db/database.ts';
import type { Equipment } from '../../../src/shared/equipment/schemas.ts';
import { rest } from '../../helpers/api.ts';
import { documentsTenant } from '../documents/helpers.ts';
import { createTag, goodAnswers, register } from '../equipment/helpers.ts';

export { waitFor } from '../qr/helpers.ts';

export async function offlineTenant() {
  const t = await documentsTenant();
  await coreDb()
    .updateTable('companies')
    .set({ tags_limit: 5000 })
    .where('id', 'in', [t.companyId, t.companyB])
    .execute();
  return { ...t, db: tenantDb(t.schema) };
}
export type OfflineTenant = Awaited<ReturnType<typeof offlineTenant>>;

/** Equipment on a new tag of company A (or `companyId`), registered by the group admin. */
export async function equipmentOf(
  t: OfflineTenant,
  opts: { companyId?: number; productId?: number; label?: string } = {},
): Promise<{ id: number; serial: string }> {
  const serial = await createTag({
    groupId: t.groupId,
    companyId: opts.companyId ?? t.companyId,
    schema: t.schema,
  });
  const id = await register(t.tokens.group, {
    tagSerialNumber: serial,
    productId: opts.productId ?? t.catalogue.productId,
    ...(opts.label ? { extraLabel: opts.label } : {}),
  });
  return { id, serial };
}

/** An instant `minutes` before now, as a client sends it. */
export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
export const daysAgo = (days: number) => minutesAgo(days * 24 * 60);

/** POST an inspection of the catalogue's questions (all proper) with the fields of `extra`. */
export function inspectTag(
  t: OfflineTenant,
  serial: string,
  extra: Record<string, unknown> = {},
  opts: { token?: string; headers?: Record<string, string> } = {},
) {
  return rest<{ id: number }>('POST', `/web/equipments/${serial}/inspections`, {
    token: opts.token ?? t.tokens.operator,
    headers: opts.headers,
    body: { answers: goodAnswers(t.catalogue), ...extra },
  });
}

/** Same, and it must be 201: answers the inspection's id. */
export async function inspected(
  t: OfflineTenant,
  serial: string,
  extra: Record<string, unknown> = {},
  token?: string,
): Promise<number> {
  const r = await inspectTag(t, serial, extra, { token });
  if (r.status !== 201) throw new Error(`inspect: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data!.id;
}

export async function equipmentNow(
  t: OfflineTenant,
  serial: string,
  token = t.tokens.group,
): Promise<Equipment> {
  const r = await rest<Equipment>('GET', `/web/equipments/${serial}/`, { token });
  if (r.status !== 200) throw new Error(`get: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data!;
}

export interface RecordJson {
  inspectionId: number;
  createdAt: string;
  receivedAt: string;
  identifiedBy: 'SCAN' | 'NFC' | 'TYPED' | null;
  scannedAt: string | null;
  latitude: number | null;
  longitude: number | null;
  improper: boolean;
  attributesValues: { attributeId: number | null; value: string }[];
  presence: {
    typed: boolean;
    farFromReference: boolean;
    lateSubmit: boolean;
    distanceM: number | null;
    submitDelayMinutes: number | null;
  };
}

/** The equipment's inspections as the dialog's history lists them (newest first). */
export async function history(t: OfflineTenant, serial: string): Promise<RecordJson[]> {
  const r = await rest<{ items: RecordJson[] }>('GET', `/web/equipments/${serial}/inspections?pageSize=100`, {
    token: t.tokens.group,
  });
  if (r.status !== 200) throw new Error(`history: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data!.items;
}

/** How many inspections the equipment has in the database. */
export async function inspectionCount(t: OfflineTenant, equipmentId: number): Promise<number> {
  const r = await t.db
    .selectFrom('inspections')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('equipment_id', '=', equipmentId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
