/**
 * The public tag card (GET /web/tags/{serial}/card): what anyone scanning a label may see — no
 * names, e-mails or other personal data. The serial is global: `core.tag_registry` names its
 * company group (the tenant schema) and company, so the card is two indexed lookups: the registry
 * (with the company's card switch) and the tag with its equipment and product in the tenant.
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import type { TagCard } from '../../../shared/equipment/schemas.ts';
import { config } from '../../config.ts';
import type { RequestContext } from '../../context.ts';
import { coreDb, tenantDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { limitRate } from '../../rate-limit.ts';
import { type ProductImage, readProductImage } from '../catalogue/index.ts';
import type { Db } from './common.ts';
import { selectStatus } from './status-sql.ts';
import { today } from '../../db/days.ts';
import { equipmentCycles } from './due-cycles.ts';

/** Where a serial lives: its tenant schema, company and the company's card switch; null when unknown. */
export async function tagHome(serial: string) {
  const r = await coreDb()
    .selectFrom('tag_registry as r')
    .innerJoin('company_groups as g', 'g.id', 'r.company_group_id')
    .leftJoin('companies as c', 'c.id', 'r.company_id')
    .select(['g.schema_name', 'r.company_group_id', 'r.company_id', 'c.public_tag_card'])
    .where('r.serial', '=', serial)
    .executeTakeFirst();
  return r ?? null;
}

export async function tagCard(ctx: RequestContext, { serial }: { serial: string }): Promise<TagCard> {
  // Spares the database from serial scanning; it reveals nothing, so it fails open without Redis.
  await limitRate(['tag-card', 'ip', ctx.ip], config().TAG_CARD_MAX_PER_MINUTE, 60, {
    whenRedisDown: 'open',
  });
  const home = await tagHome(serial);
  if (!home) throw new AppError('TAG_NOT_FOUND');
  const db = tenantDb(home.schema_name);
  const row = await db
    .selectFrom('tags as t')
    .leftJoin('equipment as e', 'e.tag_id', 't.id')
    .leftJoin('products as p', 'p.id', 'e.product_id')
    .select([
      't.serial_number',
      't.enabled',
      'e.id as equipment_id',
      'e.last_inspection_day',
      'e.next_inspection_date',
      'e.due_date',
      'p.id as product_id',
      'p.name as product_name',
      'p.image_key',
      ...selectStatus('e', today()),
      servicePendingSql(db, sql.ref('e.id')).as('service_pending'),
      lastSealCodeSql(db, sql.ref('e.id')).as('last_seal_code'),
    ])
    .where('t.serial_number', '=', serial)
    .executeTakeFirst();
  if (!row) throw new AppError('TAG_NOT_FOUND');
  const registered = row.equipment_id !== null;
  const visible = home.public_tag_card !== false;
  if (!registered || !visible)
    return {
      serialNumber: row.serial_number,
      registered,
      cardVisible: visible,
      enabled: row.enabled,
      status: null,
      productId: null,
      productName: null,
      productHasImage: false,
      lastInspectionDate: null,
      nextInspectionDate: null,
      lastInspectionExpirationStatus: 'NA',
      lastInspectionDaysToExpire: null,
      dueDate: null,
      dueDateExpirationStatus: 'NA',
      dueDateDaysToExpire: null,
      servicePending: false,
      lastSealCode: null,
      cycles: [],
    };
  // One more statement: the cycles with their statuses, only the public fields kept.
  const cycles = await equipmentCycles(db, row.equipment_id as number);
  return {
    serialNumber: row.serial_number,
    registered,
    cardVisible: true,
    enabled: row.enabled,
    status: row.status,
    productId: row.product_id,
    productName: row.product_name,
    productHasImage: row.image_key !== null,
    lastInspectionDate: row.last_inspection_day,
    nextInspectionDate: row.next_inspection_date,
    lastInspectionExpirationStatus: row.last_inspection_status ?? 'NA',
    lastInspectionDaysToExpire: row.last_inspection_days,
    dueDate: row.due_date,
    dueDateExpirationStatus: row.due_status ?? 'NA',
    dueDateDaysToExpire: row.due_days,
    servicePending: row.service_pending === true,
    lastSealCode: row.last_seal_code,
    cycles: cycles.map((c) => ({
      code: c.code,
      name: c.name,
      norm: c.norm,
      dueDate: c.dueDate,
      status: c.status,
      daysToExpire: c.daysToExpire,
    })),
  };
}

/**
 * GET /web/tags/{serial}/image: the image of the tag's product for the public card — the
 * placeholder when the tag has no equipment, the product no image, or the company turned the card
 * off. 404 TAG_NOT_FOUND for an unknown serial; rate-limited like the card.
 */
export async function tagCardImage(
  ctx: RequestContext,
  { serial }: { serial: string },
): Promise<ProductImage | null> {
  await limitRate(['tag-card-image', 'ip', ctx.ip], config().TAG_CARD_MAX_PER_MINUTE, 60, {
    whenRedisDown: 'open',
  });
  const home = await tagHome(serial);
  if (!home) throw new AppError('TAG_NOT_FOUND');
  const db = tenantDb(home.schema_name);
  const row = await db
    .selectFrom('tags as t')
    .leftJoin('equipment as e', 'e.tag_id', 't.id')
    .select('e.product_id')
    .where('t.serial_number', '=', serial)
    .executeTakeFirst();
  if (!row) throw new AppError('TAG_NOT_FOUND');
  if (row.product_id === null || home.public_tag_card === false) return null;
  return readProductImage(db, row.product_id);
}

/**
 * True when the equipment waits in an open order (PENDING or PARTIAL, its item not completed):
 * the public card's "service pending". A read of the items the service orders domain keeps (it
 * sits above this one: domain-order.ts), so the query is written here. One probe of the items' partial index; built on `db` so
 * the subquery carries the tenant schema (raw SQL would not).
 */
export function servicePendingSql(db: Db, equipmentId: Expression<unknown>) {
  const waiting = db
    .selectFrom('service_order_items as i')
    .select(sql`1`.as('one'))
    .where(sql<SqlBool>`i.equipment_id = ${equipmentId}`)
    .where('i.order_open', '=', true)
    .where('i.completion_date', 'is', null);
  return sql<boolean>`exists (${waiting})`;
}

/**
 * The verification code of the equipment's last sealed record (issue 29 item 3), or null: a read
 * of the seals the seals domain keeps (it sits above this one), one probe of
 * `record_seals_equipment_idx`. The code is public by design: anyone may check it.
 */
export function lastSealCodeSql(db: Db, equipmentId: Expression<unknown>) {
  const last = db
    .selectFrom('record_seals as s')
    .select('s.code')
    .where(sql<SqlBool>`s.equipment_id = ${equipmentId}`)
    .orderBy('s.sealed_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(1);
  return sql<string | null>`(${last})`;
}
