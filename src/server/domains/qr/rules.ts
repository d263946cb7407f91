import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * The tag domain's rules that other domains need. A tag is *in use* when it is enabled and bound
 * to equipment (`activated_at` set when equipment is registered on it); companies count these
 * against their tags limit and the logged user shows them as `active_tags_qty`.
 */
export function tagInUse(tag: string): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${tag}.enabled`)} and ${sql.ref(`${tag}.activated_at`)} is not null)`;
}
