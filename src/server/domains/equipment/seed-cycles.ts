/**
 * The demo's maintenance cycles (issue 30): the seed's yearly maintenances fulfil their product's
 * first maintenance cycle (the recharge for extinguishers, the hydrostatic test for hoses), then
 * every equipment gets its cycle rows and its due date from them, set-based.
 */
import { sql } from 'kysely';
import { tenantDb } from '../../db/database.ts';
import type { SeedContext } from '../../seed/context.ts';
import { effectiveCycles } from './cycles.ts';
import { refreshCycles, schemaOf } from './cycles-sql.ts';

export async function seedEquipmentCycles(ctx: SeedContext): Promise<void> {
  const db = tenantDb(ctx.schemaName, ctx.db);
  const s = sql.id(schemaOf(db));
  await sql`update ${s}.maintenances m set cycles = array[c.code]
    from (select distinct on (p.id) p.id as product_id, mc.code
          from ${s}.products p join ${s}.maintenance_cycles mc on ${effectiveCycles}
          where mc.done_by = 'MAINTENANCE'
          order by p.id, mc.maintenance_level nulls first, mc.position, mc.id) c
    where c.product_id = m.product_id`.execute(db);
  await refreshCycles(db, { all: true });
}
