/**
 * Lookups an import chunk shares between kinds: names compared as the search compares them
 * (`core.search_text`, one statement for the chunk's texts) and the group's companies a chunk's
 * rows name, within the caller's scope (a company admin reaches only its own company).
 */
import { type SqlBool, sql } from 'kysely';
import type { EquipmentDraft } from '../../../shared/imports/equipment-rows.ts';
import { withCore } from '../../db/database.ts';
import { scopeOf } from '../../kit/scope.ts';
import type { Db } from '../../kit/tenant-tx.ts';
import type { ImportEnv } from './kinds.ts';

/** Each text → its `core.search_text` (accents, case and compatibility forms folded). */
export async function searchKeys(db: Db, texts: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(texts)];
  if (unique.length === 0) return new Map();
  const { rows } = await sql<{ x: string; k: string }>`select x, core.search_text(x) as k
    from unnest(${unique}::text[]) as x`.execute(db);
  return new Map(rows.map((r) => [r.x, r.k]));
}

export interface ChunkCompany {
  /** CNPJ (letters and digits, upper-case) → company */
  byCnpj: Map<string, number>;
  /** searched name → companies of that name */
  byName: Map<string, number[]>;
  /** the chunk's texts → their search keys */
  keys: Map<string, string>;
}

/** The enabled companies of the caller's group (and scope) that the drafts name by CNPJ or name. */
export async function chunkCompanies(
  db: Db,
  env: ImportEnv,
  drafts: readonly Pick<EquipmentDraft, 'companyCnpj' | 'companyName'>[],
  keys: Map<string, string>,
): Promise<ChunkCompany> {
  const cnpjs = [...new Set(drafts.flatMap((d) => (d.companyCnpj ? [d.companyCnpj] : [])))];
  const names = [...new Set(drafts.flatMap((d) => (d.companyName ? [keys.get(d.companyName)!] : [])))];
  const out: ChunkCompany = { byCnpj: new Map(), byName: new Map(), keys };
  if (cnpjs.length === 0 && names.length === 0) return out;
  const scope = scopeOf(env.ctx.auth);
  const cnpjKey = sql<string>`upper(regexp_replace(coalesce(c.cnpj, ''), '[^0-9A-Za-z]', '', 'g'))`;
  let q = withCore(db)
    .selectFrom('companies as c')
    .select([
      'c.id',
      sql<string>`${cnpjKey}`.as('cnpj_key'),
      sql<string>`core.search_text(c.name)`.as('name_key'),
    ])
    .where('c.company_group_id', '=', env.ctx.auth.companyGroup.id)
    .where('c.enabled', '=', true)
    .where((eb) =>
      eb.or([
        sql<SqlBool>`${cnpjKey} = any(${cnpjs}::text[])`,
        sql<SqlBool>`core.search_text(c.name) = any(${names}::text[])`,
      ]),
    );
  if (scope.companyId !== null) q = q.where('c.id', '=', scope.companyId);
  for (const c of await q.execute()) {
    if (c.cnpj_key) out.byCnpj.set(c.cnpj_key, c.id);
    out.byName.set(c.name_key, [...(out.byName.get(c.name_key) ?? []), c.id]);
  }
  return out;
}
