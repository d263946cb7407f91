/**
 * The company's tags limit, for every write that puts one more tag in use: enabling a tag,
 * transferring equipment to a new tag (here), registering equipment or moving it to a
 * non-exclusive product (the equipment domain).
 */
import { sql } from 'kysely';
import { withCore } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { tagInUse } from '../qr/index.ts';
import { type Ctx, type Db, equipmentWithTag, type Trx } from './common.ts';

/**
 * Serialises the tags-limit check of one company (an advisory lock held to the end of the
 * transaction), so two writes cannot both take the last tag.
 */
async function lockCompanyTags(trx: Trx, schema: string, companyId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`tags-limit:${schema}:${companyId}`}, 0))`.execute(
    trx,
  );
}

/**
 * 409 TAGS_LIMIT_REACHED when one more tag in use by non-exclusive equipment (`adding` more: a bulk
 * assignment of tags) would pass the company's `tags_limit` (provider-exclusive products consume
 * no tag). `except`: equipment not to count (the one whose change is being checked).
 */
export async function checkTagsLimit(
  ctx: Ctx,
  trx: Trx,
  companyId: number,
  except?: number,
  adding = 1,
): Promise<void> {
  await lockCompanyTags(trx, ctx.auth.companyGroup.schema_name, companyId);
  const { limit, inUse } = await tagsRoom(trx, companyId, except);
  if (inUse + adding > limit) throw new AppError('TAGS_LIMIT_REACHED', { params: { limit } });
}

/**
 * A company's tags limit and its tags in use by non-exclusive equipment (`except`: equipment not
 * to count), read without the lock: what a dry run estimates with.
 */
export async function tagsRoom(
  db: Db,
  companyId: number,
  except?: number,
): Promise<{ limit: number; inUse: number }> {
  const company = await withCore(db)
    .selectFrom('companies')
    .select('tags_limit')
    .where('id', '=', companyId)
    .executeTakeFirst();
  let q = equipmentWithTag(db)
    .select(sql<number>`count(*)::int`.as('n'))
    .where('e.company_id', '=', companyId)
    .where(tagInUse('t'))
    .where('p.is_dv_exclusive', '=', false);
  if (except !== undefined) q = q.where('e.id', '<>', except);
  const { n } = await q.executeTakeFirstOrThrow();
  return { limit: company?.tags_limit ?? 0, inUse: n };
}
