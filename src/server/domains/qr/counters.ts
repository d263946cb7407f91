import { sql } from 'kysely';
import type { AuthContext } from '../../context.ts';
import { tagInUse } from './rules.ts';

/** First instant of the current calendar month in UTC (dates are shown in UTC). */
export function monthStartUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * Counters shown in the logged user: QR tags generated this month (`generated_tag_qty`) and
 * tags in use (`active_tags_qty`), for the session's company (the whole group when none).
 */
export async function monthlyGeneratedCount(auth: AuthContext, companyId = auth.companyId): Promise<number> {
  if (!auth.tenant) return 0;
  let q = auth.tenant
    .selectFrom('tags')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('created_at', '>=', monthStartUtc());
  if (companyId) q = q.where('company_id', '=', companyId);
  return (await q.executeTakeFirstOrThrow()).n;
}

export async function activeTagsCount(auth: AuthContext): Promise<number> {
  if (!auth.tenant) return 0;
  let q = auth.tenant.selectFrom('tags as t').select(sql<number>`count(*)::int`.as('n')).where(tagInUse('t'));
  if (auth.companyId) q = q.where('t.company_id', '=', auth.companyId);
  return (await q.executeTakeFirstOrThrow()).n;
}
