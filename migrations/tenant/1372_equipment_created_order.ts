// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The equipment list's default order is `created_at desc, id desc` (the tiebreak follows the
 * direction, kit/list.ts), but the indexes of 0301 were `(created_at desc, id)`: they give the
 * order of `created_at` only, so equipment created in one transaction (an import, a bulk
 * registration: one `now()`) are one group Postgres sorts whole before the first page — 870 ms
 * for the cycle-filtered report page at 100,000 equipment created together (bench/cycles.ts,
 * issue 30 item 6). With `id desc` the page reads its 10 rows straight from the index (and the
 * ascending order reads it backwards). The due date's index gains the id for the same reason.
 */
type Index = [name: string, up: string[], down: string[], where?: [string, 'is' | '=', null | boolean]];
const INDEXES: Index[] = [
  [
    'equipment_company_created_idx',
    ['company_id', 'created_at desc', 'id desc'],
    ['company_id', 'created_at desc', 'id'],
  ],
  ['equipment_created_idx', ['created_at desc', 'id desc'], ['created_at desc', 'id']],
  [
    'equipment_never_inspected_idx',
    ['created_at desc', 'id desc'],
    ['created_at desc', 'id'],
    ['last_inspection_at', 'is', null],
  ],
  [
    'equipment_improper_idx',
    ['created_at desc', 'id desc'],
    ['created_at desc', 'id'],
    ['last_inspection_improper', '=', true],
  ],
  // The due-date sort (`due_date, id` both ways): with the id, the page is an index scan; without,
  // Postgres sorted each day's ties in parallel workers (p50 298 ms with a cycle filter, bench/cycles.ts).
  ['equipment_due_date_idx', ['due_date', 'id'], ['due_date']],
];

async function rebuild(db: Kysely<any>, which: 'up' | 'down'): Promise<void> {
  for (const [name, up, down, where] of INDEXES) {
    await db.schema.dropIndex(name).ifExists().execute();
    let q = db.schema
      .createIndex(name)
      .on('equipment')
      .columns(which === 'up' ? up : down);
    if (where) q = q.where(sql.ref(where[0]), where[1], where[2]);
    await q.execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await rebuild(db, 'up');
}

export async function down(db: Kysely<any>): Promise<void> {
  await rebuild(db, 'down');
}
