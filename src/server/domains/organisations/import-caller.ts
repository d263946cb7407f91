/**
 * Who runs a companies or users import (issue 31 item 4) and in which group: the same scope the
 * company and company-user forms apply (kit/scope.ts), read again when the job runs so a role taken
 * away meanwhile no longer imports. Companies: group and provider admins; users: any admin, a
 * company admin inside its own company only, granting roles at or below its own.
 */
import { sql } from 'kysely';
import type { Role } from '../../../shared/roles.ts';
import type { RequestContext } from '../../context.ts';
import type { CoreDb } from '../../db/database.ts';
import type { SystemActor } from '../../kit/audit-header.ts';
import { forbidden } from './scope.ts';

export interface ImportCaller {
  /** the group the rows go to (a provider admin: the group it works in) */
  groupId: number;
  role: Role;
  /** a company admin's own company (every row's company must be it); null for group-wide callers */
  companyId: number | null;
  /** the audit header's who */
  who: RequestContext | SystemActor;
}

/**
 * The caller of an import job from its owner row: the requesting user as it is now (live, same
 * group unless a provider admin) — 403 FORBIDDEN when it may no longer import into `groupId`.
 */
export async function importCallerOf(
  core: CoreDb,
  userId: number,
  groupId: number,
  kind: 'companies' | 'users',
  who?: RequestContext,
): Promise<ImportCaller> {
  const u = await core
    .selectFrom('users')
    .select(['id', 'role', 'company_group_id', 'company_id', 'name', 'email'])
    .where('id', '=', userId)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
  if (!u) throw forbidden();
  const provider = u.role === 'MOBCHECK_ADMIN';
  if (!provider && u.company_group_id !== groupId) throw forbidden();
  if (u.role === 'COMPANY_OPERATOR') throw forbidden();
  if (kind === 'companies' && u.role === 'COMPANY_ADMIN') throw forbidden();
  return {
    groupId,
    role: u.role,
    companyId: u.role === 'COMPANY_ADMIN' ? (u.company_id ?? -1) : null,
    who: who ?? { system: `import.${kind} by user ${u.id}`, companyId: u.company_id },
  };
}

/**
 * For each row (in order): the company of the group its CNPJ names, else the one its name names
 * (accents and case aside), and how many companies bear that name — one statement for a chunk.
 * `anyCnpjByName`: a name also matches a company that has a CNPJ (rows without one).
 */
export async function matchCompanies(
  core: CoreDb,
  groupId: number,
  keys: { cnpj: string | null; name: string | null }[],
): Promise<{ byCnpj: number | null; byName: number | null; sameName: number }[]> {
  if (!keys.length) return [];
  const cnpjs = keys.map((k) => k.cnpj);
  const names = keys.map((k) => k.name);
  const { rows } = await sql<{
    i: string;
    by_cnpj: number | null;
    by_name: number | null;
    same_name: number;
  }>`
    select v.i, bc.id as by_cnpj, bn.id as by_name, coalesce(bn.n, 0)::int as same_name
    from unnest(${cnpjs}::text[], ${names}::text[]) with ordinality v(cnpj, name, i)
    left join lateral (
      select c.id from core.companies c
      where v.cnpj is not null and c.company_group_id = ${groupId} and c.cnpj = v.cnpj limit 1
    ) bc on true
    left join lateral (
      select min(c.id)::int as id, count(*)::int as n from core.companies c
      where v.name is not null and c.company_group_id = ${groupId}
        and core.search_text(c.name) = core.search_text(v.name)
        and (v.cnpj is null or c.cnpj is null)
      having count(*) > 0
    ) bn on true
    order by v.i`.execute(core);
  return rows.map((r) => ({
    byCnpj: r.by_cnpj === null ? null : Number(r.by_cnpj),
    byName: r.by_name,
    sameName: r.same_name,
  }));
}
