/**
 * Fixtures of the tags tests. Tags are inserted as a QR batch leaves them (tenant `tags` +
 * `core.tag_registry`); equipment, inspections and snapshots straight into the tenant tables, so
 * these tests do not depend on the equipment domain's calls.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { coreDb, tenantDb } from '../../../src/server/db/database.ts';
import { today } from '../../../src/server/db/days.ts';
import { DEMO_GROUP_SCHEMA } from '../../../src/server/seed/demo-users.ts';
import { addDays } from '../../../src/shared/equipment/status.ts';
import { DEMO, loginAs, rest } from '../../helpers/api.ts';
import { createCategory, createType, productBody, uid } from '../catalogue/helpers.ts';
import { demoCompany, otherDemoCompany, otherTenant } from '../qr/helpers.ts';

export { demoCompany, otherDemoCompany, otherTenant };
export { uid };

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** A fresh serial in the label alphabet. */
export function newSerial(): string {
  return Array.from(randomBytes(10), (x) => ALPHABET[x % ALPHABET.length]).join('');
}

export interface Where {
  groupId: number;
  companyId: number;
  schema: string;
}

export const demo = () => tenantDb(DEMO_GROUP_SCHEMA);

/**
 * Where the tags tests put their tags: `own`, the company admin's and operator's company (company
 * roles see only its tags); `sibling`, another company of the demo group; `foreign`, a company of
 * another group, with its admin's token.
 */
export async function tagScopes(): Promise<{
  own: Where;
  sibling: Where;
  foreign: Where & { token: string };
}> {
  const d = await demoCompany();
  const own = { groupId: d.groupId, companyId: await companyOf(DEMO.companyAdmin), schema: d.schema };
  const sibling = { ...own, companyId: await otherDemoCompany(d.groupId) };
  const o = await otherTenant();
  const foreign = {
    groupId: o.groupId,
    companyId: o.companyId,
    schema: await schemaOf(o.groupId),
    token: await loginAs(o.email),
  };
  return { own, sibling, foreign };
}

/** A tag of `companyId` in the group `groupId` (schema `schema`); returns its serial. */
export async function createTag(
  w: Where,
  opts: { enabled?: boolean; serial?: string } = {},
): Promise<string> {
  const serial = opts.serial ?? newSerial();
  await coreDb()
    .insertInto('tag_registry')
    .values({ serial, company_group_id: w.groupId, company_id: w.companyId, job_id: null, batch_index: null })
    .execute();
  await tenantDb(w.schema)
    .insertInto('tags')
    .values({
      serial_number: serial,
      company_id: w.companyId,
      enabled: opts.enabled ?? true,
      job_id: null,
      batch_index: null,
      activated_at: null,
    })
    .execute();
  return serial;
}

/** A product of the demo catalogue of its own (unique name and SKU), created by `adminToken`. */
export async function createProduct(
  adminToken: string,
  over: Record<string, unknown> = {},
): Promise<{ id: number; name: string; sku: string }> {
  const tag = uid();
  const categoryId = await createCategory(adminToken, `Categoria Tags ${tag}`);
  const typeId = await createType(adminToken, `Tipo Tags ${tag}`, categoryId);
  const body = productBody(categoryId, typeId, { name: `Extintor Água ${tag}`, sku: `AGU-${tag}`, ...over });
  const r = await rest<number>('POST', '/web/products/', { token: adminToken, body });
  if (r.status !== 201) throw new Error(`product: ${r.status} ${JSON.stringify(r.json)}`);
  return { id: r.json.data!, name: body.name as string, sku: body.sku as string };
}

/** Equipment on the tag `serial` (the tag becomes used), as registration leaves it. */
export async function createEquipment(
  w: Where,
  serial: string,
  productId: number,
  opts: { extraLabel?: string | null; extraCode?: string | null } = {},
): Promise<number> {
  const db = tenantDb(w.schema);
  const tag = await db
    .selectFrom('tags')
    .select('id')
    .where('serial_number', '=', serial)
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('equipment')
    .values({
      tag_id: tag.id,
      company_id: w.companyId,
      product_id: productId,
      extra_label: opts.extraLabel ?? null,
      extra_code: opts.extraCode ?? null,
      last_inspection_id: null,
      last_inspection_at: null,
      last_inspection_user_id: null,
      last_maintenance_id: null,
      last_maintenance_at: null,
      last_maintenance_user_id: null,
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('tags').set({ activated_at: sql`now()` }).where('id', '=', tag.id).execute();
  return row.id;
}

/** An inspection and a snapshot of equipment `equipmentId` (its history). */
export async function addHistory(
  w: Where,
  equipmentId: number,
  productId: number,
  serial: string,
): Promise<void> {
  const db = tenantDb(w.schema);
  const i = await db
    .insertInto('inspections')
    .values({
      equipment_id: equipmentId,
      company_id: w.companyId,
      product_id: productId,
      user_id: null,
      user_name: 'Inspetor de Teste',
      user_email: 'inspetor@example.test',
      latitude: -23.55,
      longitude: -46.63,
      accuracy: 10,
      answers: JSON.stringify([
        { questionId: null, type: 'YES_NO_NA', question: 'Lacre intacto?', answer: 'YES', answerType: null },
      ]),
      attributes: JSON.stringify([]),
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  await db
    .updateTable('equipment')
    .set({ last_inspection_id: i.id, last_inspection_at: i.created_at })
    .where('id', '=', equipmentId)
    .execute();
  await db
    .insertInto('equipment_snapshots')
    .values({
      equipment_id: equipmentId,
      kind: 'CREATED',
      user_id: null,
      user_name: 'Inspetor de Teste',
      user_email: 'inspetor@example.test',
      tag_serial: serial,
      product_id: productId,
      product_name: 'Produto',
      product_sku: 'SKU',
      extra_label: null,
      extra_code: null,
    })
    .execute();
}

/** The tag row of a serial in schema `schema`. */
export function tagRow(schema: string, serial: string) {
  return tenantDb(schema)
    .selectFrom('tags')
    .selectAll()
    .where('serial_number', '=', serial)
    .executeTakeFirstOrThrow();
}

/** The schema name of a group. */
export async function schemaOf(groupId: number): Promise<string> {
  const g = await coreDb()
    .selectFrom('company_groups')
    .select('schema_name')
    .where('id', '=', groupId)
    .executeTakeFirstOrThrow();
  return g.schema_name;
}

/** The company of a user (the demo company admin's and operator's company). */
export async function companyOf(email: string): Promise<number> {
  const u = await coreDb()
    .selectFrom('users')
    .select('company_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return u.company_id!;
}

/** A calendar day `offset` days from today where the product is used (APP_TIME_ZONE). */
export function day(offset = 0): string {
  return addDays(today(), offset);
}
