/**
 * The rows of `core` that belong to one company group, found from the catalogue (no list to keep
 * up to date): the group's `company_groups` row, every row of a table with a `company_group_id`
 * column equal to the group's id, and every row that a cascading foreign key ties to one of those
 * (e.g. `qr_label_settings` by its company, `email_tokens` by their user), to any depth.
 *
 * Shared by `npm run backup -- --group` (a `pg` client), the group export and the group purge
 * (`domains/organisations`, through `kyselyReader`).
 */
import { type Kysely, sql } from 'kysely';

/** What the plan reads the catalogue with: a `pg` client, or a Kysely connection (`kyselyReader`). */
export interface SqlReader {
  query<R>(text: string): Promise<{ rows: R[] }>;
}

/** A Kysely database or transaction as a `SqlReader` (the plan's text is built from the catalogue). */
export function kyselyReader(db: Kysely<unknown>): SqlReader {
  return {
    async query<R>(text: string) {
      return { rows: (await sql.raw<R>(text).execute(db)).rows };
    },
  };
}

/** A SQL identifier: `"a""b"`. */
export function quoteIdent(s: string): string {
  return `"${s.replaceAll('"', '""')}"`;
}

export interface GroupTable {
  table: string;
  /** SQL condition (over the unqualified table) selecting the group's rows. */
  where: string;
  /** Columns written and read back (generated ones left out), in table order. */
  columns: string[];
  /** 0: `company_groups` itself; 1: by `company_group_id`; n: through n−1 cascading keys. */
  depth: number;
  /** false for credentials (sessions, e-mail tokens): removed on restore, never brought back. */
  restore: boolean;
}

/** Credentials a restore must not resurrect: a session revoked or a token used since the backup. */
export const NOT_RESTORED = new Set(['sessions', 'email_tokens']);

/**
 * Columns that hold a credential and never leave the database in a group export: password and
 * token hashes, webhook signing secrets (core and tenant tables alike).
 */
export const SECRET_COLUMN = /(^|_)(password|hash|secret|token)$/;

/**
 * A table's columns an export writes: the credential tables (`NOT_RESTORED`) are left out whole
 * (empty list), and secret columns (`password_hash`, `token_hash`, signing secrets) of the others.
 */
export function exportedColumns(t: GroupTable): string[] {
  if (NOT_RESTORED.has(t.table)) return [];
  return t.columns.filter((c) => !SECRET_COLUMN.test(c));
}

interface Fk {
  child: string;
  column: string;
  parent: string;
  parentColumn: string;
}

export async function groupTablePlan(client: SqlReader, groupId: number): Promise<GroupTable[]> {
  if (!Number.isSafeInteger(groupId)) throw new Error(`bad group id ${groupId}`);
  const tables = await client.query<{ table: string; columns: string[] }>(
    `select c.relname as table,
       array_agg(a.attname::text order by a.attnum) filter (where a.attgenerated = '') as columns
     from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where c.relnamespace = 'core'::regnamespace and c.relkind in ('r', 'p') and c.relname not like 'kysely\\_%'
     group by c.relname order by c.relname`,
  );
  const fks = await client.query<Fk>(
    `select c.conrelid::regclass::text as child, a.attname as column,
       c.confrelid::regclass::text as parent, pa.attname as "parentColumn"
     from pg_constraint c
     join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
     where c.contype = 'f' and c.confdeltype = 'c' and cardinality(c.conkey) = 1
       and c.connamespace = 'core'::regnamespace`,
  );
  const bare = (t: string) => t.replace(/^core\./, '');
  const plan = new Map<string, { parts: string[]; depth: number; columns: string[] }>();
  for (const t of tables.rows) {
    if (t.table === 'company_groups')
      plan.set(t.table, { parts: [`id = ${groupId}`], depth: 0, columns: t.columns });
    else if (t.columns.includes('company_group_id'))
      plan.set(t.table, { parts: [`company_group_id = ${groupId}`], depth: 1, columns: t.columns });
  }
  const columnsOf = new Map(tables.rows.map((t) => [t.table, t.columns]));
  // Rows tied by a cascading key to rows already in the plan, until nothing new is found.
  const used = new Set<string>();
  for (let round = 0; round < 8; round++) {
    let added = false;
    for (const fk of fks.rows) {
      const child = bare(fk.child);
      const parent = plan.get(bare(fk.parent));
      const key = `${fk.child}.${fk.column}`;
      if (!parent || used.has(key) || child === bare(fk.parent) || !columnsOf.has(child)) continue;
      if (fk.column === 'company_group_id') continue; // already selected by its own column
      used.add(key);
      added = true;
      const cond = `${quoteIdent(fk.column)} in (select ${quoteIdent(fk.parentColumn)} from core.${quoteIdent(bare(fk.parent))} where ${parent.parts.map((p) => `(${p})`).join(' or ')})`;
      const own = plan.get(child);
      if (own) {
        own.parts.push(cond);
        own.depth = Math.max(own.depth, parent.depth + 1);
      } else plan.set(child, { parts: [cond], depth: parent.depth + 1, columns: columnsOf.get(child) ?? [] });
    }
    if (!added) break;
  }
  return [...plan.entries()]
    .map(([table, p]) => ({
      table,
      where: p.parts.map((x) => `(${x})`).join(' or '),
      columns: p.columns,
      depth: p.depth,
      restore: !NOT_RESTORED.has(table),
    }))
    .sort((a, b) => a.depth - b.depth || a.table.localeCompare(b.table));
}
