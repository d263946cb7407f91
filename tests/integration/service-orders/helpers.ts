import { randomBytes } from 'node:crypto';
import { addDays } from '../../../src/shared/equipment/status.ts';
import { tenantDb } from '../../../src/server/db/database.ts';
import { today } from '../../../src/server/db/days.ts';
import { rest } from '../../helpers/api.ts';
import { documentsTenant } from '../documents/helpers.ts';
import { createTag, register } from '../equipment/helpers.ts';

export { waitFor } from '../qr/helpers.ts';

export const uid = () => randomBytes(3).toString('hex');

/**
 * A tenant of the file's own (documents' fixture): company A with an operator and a company admin,
 * company B with an operator, the group admin, the provider admin switched into the group, and an
 * extinguisher catalogue; orders are numbered from 1 in each of its companies.
 */
export async function soTenant() {
  return documentsTenant();
}
export type SoTenant = Awaited<ReturnType<typeof soTenant>>;

/** Equipment on a new tag of `companyId` (company A by default); answers its id, serial and label. */
export async function newEquipment(t: SoTenant, opts: { companyId?: number; enabled?: boolean } = {}) {
  const companyId = opts.companyId ?? t.companyId;
  const serial = await createTag({ groupId: t.groupId, companyId, schema: t.schema });
  const extraLabel = `Sala ${uid()}`;
  const id = await register(t.tokens.group, {
    tagSerialNumber: serial,
    productId: t.catalogue.productId,
    extraLabel,
  });
  if (opts.enabled === false)
    await tenantDb(t.schema)
      .updateTable('tags')
      .set({ enabled: false })
      .where('serial_number', '=', serial)
      .execute();
  return { id, serial, extraLabel };
}

export const day = (offset = 0) => addDays(today(), offset);

/** A complete create payload (seed 000 §3) for `equipment`, assigned to company A's operator. */
export function orderBody(t: SoTenant, equipment: { id: number }[], over: Record<string, unknown> = {}) {
  return {
    startDate: day(0),
    endDate: day(10),
    requestUserId: 1,
    responsibleUserId: t.operatorId,
    observation: `Ordem ${uid()}`,
    status: 'PENDING',
    priority: 'HIGH',
    type: 'MAINTENANCE',
    equipments: equipment.map((e) => ({
      equipmentId: e.id,
      name: null,
      type: null,
      responsibleUserId: null,
      completionDate: null,
    })),
    ...over,
  };
}

export interface OrderJson {
  id: number;
  number: number;
  companyId: number;
  status: string;
  type: string;
  priority: string;
  startDate: string;
  endDate: string | null;
  observation: string | null;
  requestUserId: number | null;
  requestUserName: string | null;
  responsibleUserId: number | null;
  responsibleUserName: string | null;
  equipmentCount: number;
  completedCount: number;
  equipments: {
    id: number;
    equipmentId: number;
    equipmentSerialNumber: string;
    extraLabel: string | null;
    productName: string;
    productSku: string;
    responsibleUserId: number | null;
    responsibleUserName: string | null;
    completionDate: string | null;
  }[];
}

/** POST /web/service-order/ that must succeed. */
export async function createOrder(token: string, body: Record<string, unknown>): Promise<OrderJson> {
  const r = await rest<OrderJson>('POST', '/web/service-order/', { token, body });
  if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data!;
}

/** The update payload of an order as the edit dialog sends it back (seed 000 §7 PUT). */
export function updateBody(o: OrderJson, over: Record<string, unknown> = {}) {
  return {
    startDate: o.startDate,
    endDate: o.endDate,
    requestUserId: o.requestUserId,
    responsibleUserId: o.responsibleUserId,
    observation: o.observation ?? 'Observação',
    status: o.status,
    priority: o.priority,
    type: o.type,
    equipments: o.equipments.map((e) => ({
      id: e.id,
      equipmentSerialNumber: e.equipmentSerialNumber,
      name: e.extraLabel,
      type: o.type,
      responsibleUserId: e.responsibleUserId,
      completionDate: e.completionDate,
    })),
    ...over,
  };
}
