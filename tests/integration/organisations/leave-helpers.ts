import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { baseDb, coreDb, tenantDb } from '../../../src/server/db/database.ts';
import { fileStore } from '../../../src/server/files/store.ts';
import { loginAs } from '../../helpers/api.ts';
import { letters, makeUser, otherGroup, PASSWORD } from './fixtures.ts';

/**
 * A company group to export or delete (issue 33 item 6): provisioned for real, with a known
 * category (a name CSV must quote), a company logo in the file store, a company operator and a
 * live session of its admin (whose token hash must never leave the database).
 */
export async function leavingGroup() {
  const g = await otherGroup();
  const tenant = tenantDb(g.schemaName);
  const category = `Categoria "${letters(5)}", com vírgula`;
  const cat = await tenant
    .insertInto('categories')
    .values({ name: category, enabled: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const logoKey = `companies/${g.companyId}/logo-${letters(8)}.png`;
  const logo = Buffer.from(`logo of ${g.schemaName}`);
  await fileStore().put(logoKey, logo, 'image/png');
  await coreDb().updateTable('companies').set({ image_key: logoKey }).where('id', '=', g.companyId).execute();
  const operator = await makeUser({
    role: 'COMPANY_OPERATOR',
    groupId: g.companyGroupId,
    companyId: g.companyId,
  });
  const adminToken = await loginAs(g.email, PASSWORD);
  const secrets = await coreDb()
    .selectFrom('users as u')
    .innerJoin('sessions as s', 's.user_id', 'u.id')
    .select(['u.password_hash', 's.token_hash'])
    .where('u.id', '=', g.userId)
    .execute();
  return {
    ...g,
    category: { id: cat.id, name: category },
    logoKey,
    logo,
    operator,
    adminToken,
    secrets: secrets.flatMap((r) => [r.password_hash, r.token_hash]),
  };
}
export type LeavingGroup = Awaited<ReturnType<typeof leavingGroup>>;

/** Unzips `bytes` (the `unzip` tool) into a new directory; answers it. */
export function unzipped(bytes: ArrayBuffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'group-export-'));
  const zip = path.join(dir, 'export.zip');
  writeFileSync(zip, Buffer.from(bytes));
  execFileSync('unzip', ['-q', zip, '-d', path.join(dir, 'x')]);
  return path.join(dir, 'x');
}

/** Every file under `dir`, relative path → contents. */
export function filesOf(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const f of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!f.isFile()) continue;
    const abs = path.join(f.parentPath, f.name);
    out.set(path.relative(dir, abs), readFileSync(abs));
  }
  return out;
}

/** Rows of every table of the group's schema (migration bookkeeping left out), counted now. */
export async function tenantCounts(schemaName: string): Promise<Record<string, number>> {
  const schema = `cg_${schemaName}`;
  const tables = await sql<{ t: string }>`select relname as t from pg_class
    where relnamespace = to_regnamespace(${schema}) and relkind in ('r', 'p')
      and relname not like 'kysely\\_migration%' order by 1`.execute(baseDb());
  const out: Record<string, number> = {};
  for (const { t } of tables.rows) {
    const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(schema, t)}`.execute(baseDb());
    out[t] = r.rows[0]!.n;
  }
  return out;
}

export async function schemaExists(schemaName: string): Promise<boolean> {
  const r = await sql<{ n: number }>`select count(*)::int as n from pg_namespace
    where nspname = ${`cg_${schemaName}`}`.execute(baseDb());
  return r.rows[0]!.n === 1;
}

/** Minimal CSV parser (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  return rows;
}
