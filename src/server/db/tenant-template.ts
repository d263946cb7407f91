/**
 * New company group schemas from a template (issue 33 item 5): instead of replaying every tenant
 * migration in the creating transaction, the DDL of a freshly migrated schema is captured once
 * per set of tenant migrations (`pg_dump --schema-only`-like, plus the rows the migrations insert)
 * and stored in `core.tenant_templates` under the migrations' fingerprint. Creating a schema then
 * applies that text, with the template's schema name substituted, as one multi-statement batch.
 * The template schema is a throwaway named `cg_tpl_<random>`, a token that cannot appear
 * elsewhere in the DDL. Without `pg_dump` (or when capturing fails) callers replay the migrations.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { type Kysely, sql } from 'kysely';
import { config } from '../config.ts';
import { log } from '../logger.ts';
import { baseDb } from './database.ts';

const run = promisify(execFile);

export interface TenantTemplate {
  fingerprint: string;
  token: string;
  ddl: string;
}

export interface TemplateSource {
  fingerprint(): Promise<string>;
  /** Creates and commits the throwaway schema `token` by replaying the migrations. */
  build(token: string, db: Kysely<unknown>): Promise<void>;
}

let cached: TenantTemplate | undefined;
let failedFor: string | undefined;

/**
 * Drops what must not run in the creating transaction: pg_dump's SET lines, its search_path
 * reset, psql meta-commands (`\restrict`, since pg_dump 15.14), the schema's own CREATE and
 * ownership. Comments and blank lines stay (they may be inside a function's body).
 */
export function cleanDump(dump: string, token: string): string {
  const out: string[] = [];
  for (const line of dump.split('\n')) {
    if (line.startsWith('\\')) continue;
    if (/^SET [a-z_]+ = .*;$/.test(line) || /^SELECT pg_catalog\.set_config\(.*\);$/.test(line)) continue;
    if (line === `CREATE SCHEMA ${token};`) continue;
    if (/^ALTER [A-Z ]+ .* OWNER TO [^;]+;$/.test(line)) continue;
    out.push(line);
  }
  return out.join('\n');
}

async function capture(
  source: TemplateSource,
  fingerprint: string,
  db: Kysely<unknown>,
): Promise<TenantTemplate> {
  const token = `cg_tpl_${randomBytes(6).toString('hex')}`;
  try {
    await source.build(token, db);
    const { stdout } = await run(
      'pg_dump',
      [
        '--schema',
        token,
        '--inserts',
        '--no-owner',
        '--no-privileges',
        '--no-comments',
        config().DATABASE_URL,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const ddl = cleanDump(stdout, token);
    await sql`insert into core.tenant_templates (fingerprint, token, ddl) values (${fingerprint}, ${token}, ${ddl})
      on conflict (fingerprint) do nothing`.execute(db);
  } finally {
    await sql`drop schema if exists ${sql.id(token)} cascade`.execute(db);
  }
  const r =
    await sql<TenantTemplate>`select fingerprint, token, ddl from core.tenant_templates where fingerprint = ${fingerprint}`.execute(
      db,
    );
  return r.rows[0]!;
}

/**
 * The template of the current tenant migrations: from memory, from `core.tenant_templates`, or
 * captured now (on its own connections, committed). `undefined` when it cannot be captured.
 */
export async function tenantTemplate(
  source: TemplateSource,
  db: Kysely<unknown> = baseDb(),
): Promise<TenantTemplate | undefined> {
  if (process.env.TENANT_TEMPLATE === 'off') return undefined;
  const fingerprint = await source.fingerprint();
  if (cached?.fingerprint === fingerprint) return cached;
  if (failedFor === fingerprint) return undefined;
  const r =
    await sql<TenantTemplate>`select fingerprint, token, ddl from core.tenant_templates where fingerprint = ${fingerprint}`.execute(
      db,
    );
  try {
    cached = r.rows[0] ?? (await capture(source, fingerprint, db));
    return cached;
  } catch (e) {
    failedFor = fingerprint;
    log.warn('tenant template: capture failed, new schemas replay the migrations', { error: String(e) });
    return undefined;
  }
}

/** Forgets the template this process holds (tests that change the migrations). */
export function forgetTenantTemplate(): void {
  cached = undefined;
  failedFor = undefined;
}

/** Creates `schema` from the template inside the caller's transaction (one batch of statements). */
export async function applyTemplate(trx: Kysely<unknown>, t: TenantTemplate, schema: string): Promise<void> {
  const ddl = t.ddl.replace(new RegExp(`\\b${t.token}\\b`, 'g'), schema);
  const saved = await sql<{ p: string }>`select current_setting('search_path') as p`.execute(trx);
  await sql
    .raw(
      `set local check_function_bodies = false;\nset local search_path = '';\ncreate schema ${schema};\n${ddl}`,
    )
    .execute(trx);
  await sql`select set_config('search_path', ${saved.rows[0]!.p}, true)`.execute(trx);
}
