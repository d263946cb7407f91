/**
 * Many company groups fast (issue 33): ONE tenant schema is migrated the normal way (the
 * template), its DDL and rows are dumped once (`pg_dump -n <template> --inserts`), and each clone
 * is that text with the schema's name replaced, run as one statement batch (one transaction, ~215
 * relations: well inside the default lock table) on a few connections at once. Each clone gets its
 * `core.company_groups` row and one company, so every loop over tenants finds it.
 *
 * Correct because the dump is what the migrations made (tables, indexes, triggers, functions,
 * sequences, the `kysely_migration` rows, any rows a migration inserted); a clone is as migrated as
 * its template. Used by tests at ≥ 300 tenants (tests/integration/platform/many-tenants.test.ts).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The template's name: unique enough that a plain text replacement touches nothing else. */
export const CLONE_TEMPLATE = 'cg_zzclonetemplate';

export interface ClonedTenants {
  /** schema names (`cg_…`), in the order of their `company_groups` ids */
  schemas: string[];
  groupIds: number[];
  companyIds: number[];
  /** seconds spent dumping the template and cloning it */
  seconds: number;
}

/** The template's dump as SQL the pg client can run (psql meta-commands dropped). */
async function templateSql(databaseUrl: string): Promise<string> {
  const { stdout } = await run(
    'pg_dump',
    ['--schema', CLONE_TEMPLATE, '--inserts', '--no-owner', '--no-privileges', '--dbname', databaseUrl],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout
    .split('\n')
    .filter((l) => !l.startsWith('\\') && !l.startsWith('--'))
    .join('\n');
}

/**
 * Creates `count` company groups `cg_<prefix><n>` by cloning a migrated template. `migrateTemplate`
 * migrates the template schema (the caller's own database code: `createTenantSchema`).
 */
export async function createClonedTenants(opts: {
  databaseUrl: string;
  count: number;
  prefix?: string;
  parallel?: number;
  migrateTemplate: (schema: string) => Promise<void>;
}): Promise<ClonedTenants> {
  const started = performance.now();
  const prefix = opts.prefix ?? 'clone';
  const admin = new pg.Client({ connectionString: opts.databaseUrl });
  await admin.connect();
  try {
    await admin.query(`drop schema if exists ${CLONE_TEMPLATE} cascade`);
    await opts.migrateTemplate(CLONE_TEMPLATE);
    const text = await templateSql(opts.databaseUrl);
    await admin.query(`drop schema ${CLONE_TEMPLATE} cascade`);

    const schemas = Array.from(
      { length: opts.count },
      (_, i) => `cg_${prefix}${String(i + 1).padStart(4, '0')}`,
    );
    const pattern = new RegExp(CLONE_TEMPLATE, 'g');
    let next = 0;
    const worker = async () => {
      const c = new pg.Client({ connectionString: opts.databaseUrl });
      await c.connect();
      try {
        // A throwaway tenant: no need to wait for its commit record on disk.
        await c.query('set synchronous_commit = off');
        for (let i = next++; i < schemas.length; i = next++) {
          // One simple-query batch: one implicit transaction per clone.
          await c.query(text.replace(pattern, schemas[i]!));
        }
      } finally {
        await c.end();
      }
    };
    await Promise.all(Array.from({ length: opts.parallel ?? 3 }, worker));

    // The core rows: one group per schema (schema_name without the prefix), one company each.
    const groups = await admin.query<{ id: number }>(
      `insert into core.company_groups (name, schema_name)
       select 'Clone ' || s, substr(s, 4) from unnest($1::text[]) with ordinality as t(s, n) order by n
       returning id`,
      [schemas],
    );
    const groupIds = groups.rows.map((r) => Number(r.id));
    const companies = await admin.query<{ id: number }>(
      `insert into core.companies (company_group_id, name)
       select g, 'Clone company ' || g from unnest($1::int[]) as t(g) returning id`,
      [groupIds],
    );
    return {
      schemas,
      groupIds,
      companyIds: companies.rows.map((r) => Number(r.id)),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await admin.end();
  }
}
