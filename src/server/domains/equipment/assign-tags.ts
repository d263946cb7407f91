/**
 * `equipment.assignTags` (issue 31 item 1): an admin gives tags to many equipment waiting for one,
 * all or nothing. One transaction: the tags locked in id order (as registration locks one), the
 * equipment locked in id order, every pair checked against what those few statements read, and
 * every refused pair answered at once — 409 TAG_ASSIGNMENTS_INVALID with an issue per pair
 * (`pairs.<i>.tagSerialNumber` / `pairs.<i>.equipmentId`, its message the code: TAG_NOT_FOUND,
 * TAG_ALREADY_USED, TAG_DISABLED, EQUIPMENT_NOT_FOUND, EQUIPMENT_ALREADY_TAGGED, DUPLICATE). Then
 * one UPDATE binds them all.
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import type { assignTagsSchema } from '../../../shared/equipment/awaiting-tag.ts';
import type { IssueBody } from '../../../shared/field-messages.ts';
import { AppError } from '../../errors.ts';
import { requirePaymentNotBlocked } from '../organisations/index.ts';
import { checkTagsLimit } from '../tags/index.ts';
import { type Ctx, inTenantTx, type Trx } from './common.ts';
import {
  afterTagsBound,
  lockTaglessCandidates,
  requireCompanyInScope,
  type TaglessCandidate,
} from './awaiting-tag.ts';

type AssignInput = z.output<typeof assignTagsSchema>;
type Pair = AssignInput['pairs'][number];

/** The named tags, locked in id order, each with whether equipment is on it. */
async function lockTags(trx: Trx, serials: string[]) {
  const tags = await trx
    .selectFrom('tags as t')
    .select(['t.id', 't.serial_number', 't.company_id', 't.enabled'])
    .where('t.serial_number', 'in', serials)
    .orderBy('t.id')
    .forUpdate()
    .execute();
  const used = tags.length
    ? await trx
        .selectFrom('equipment')
        .select('tag_id')
        .where(
          'tag_id',
          'in',
          tags.map((t) => t.id),
        )
        .execute()
    : [];
  const usedIds = new Set(used.map((u) => u.tag_id));
  return new Map(tags.map((t) => [t.serial_number, { ...t, used: usedIds.has(t.id) }]));
}
type LockedTag = Awaited<ReturnType<typeof lockTags>> extends Map<string, infer T> ? T : never;

/** Every pair's problem, as issues of the envelope (empty: all pairs may be bound). */
function pairIssues(
  pairs: readonly Pair[],
  companyId: number,
  tags: Map<string, LockedTag>,
  equipment: Map<number, TaglessCandidate>,
): IssueBody[] {
  const issues: IssueBody[] = [];
  const seenSerials = new Set<string>();
  const seenIds = new Set<number>();
  pairs.forEach((p, i) => {
    const tag = tags.get(p.tagSerialNumber);
    const tagProblem = seenSerials.has(p.tagSerialNumber)
      ? 'DUPLICATE'
      : !tag || Number(tag.company_id) !== companyId
        ? 'TAG_NOT_FOUND'
        : tag.used
          ? 'TAG_ALREADY_USED'
          : !tag.enabled
            ? 'TAG_DISABLED'
            : null;
    seenSerials.add(p.tagSerialNumber);
    if (tagProblem) issues.push({ path: `pairs.${i}.tagSerialNumber`, message: tagProblem });
    const e = equipment.get(p.equipmentId);
    const equipmentProblem = seenIds.has(p.equipmentId)
      ? 'DUPLICATE'
      : !e || Number(e.company_id) !== companyId
        ? 'EQUIPMENT_NOT_FOUND'
        : e.tag_id !== null
          ? 'EQUIPMENT_ALREADY_TAGGED'
          : null;
    seenIds.add(p.equipmentId);
    if (equipmentProblem) issues.push({ path: `pairs.${i}.equipmentId`, message: equipmentProblem });
  });
  return issues;
}

export async function assignTags(ctx: Ctx, input: AssignInput): Promise<{ assigned: number }> {
  requirePaymentNotBlocked(ctx);
  requireCompanyInScope(ctx, input.companyId);
  return inTenantTx(ctx, async (trx) => {
    const tags = await lockTags(trx, [...new Set(input.pairs.map((p) => p.tagSerialNumber))]);
    const rows = await lockTaglessCandidates(trx, [...new Set(input.pairs.map((p) => p.equipmentId))]);
    const equipment = new Map(rows.map((r) => [r.id, r]));
    const issues = pairIssues(input.pairs, input.companyId, tags, equipment);
    if (issues.length) throw new AppError('TAG_ASSIGNMENTS_INVALID', { issues });
    const bound = input.pairs.map((p) => {
      const tag = tags.get(p.tagSerialNumber)!;
      return { equipment: equipment.get(p.equipmentId)!, tagId: tag.id, serial: tag.serial_number };
    });
    // Provider-exclusive products consume no tag; the rest must fit the company's tags limit.
    const counted = bound.filter((b) => !b.equipment.is_dv_exclusive).length;
    if (counted > 0) await checkTagsLimit(ctx, trx, input.companyId, undefined, counted);
    // One statement for every pair: the pairs as two arrays, unnested side by side.
    await trx
      .updateTable('equipment as e')
      .from(
        sql<{
          equipment_id: number;
          tag_id: number;
        }>`(select unnest(${bound.map((b) => b.equipment.id)}::int[]) as equipment_id,
          unnest(${bound.map((b) => b.tagId)}::bigint[]) as tag_id)`.as('v'),
      )
      .set({ tag_id: sql.ref('v.tag_id'), updated_at: sql`now()` })
      .whereRef('e.id', '=', sql.ref('v.equipment_id'))
      .execute();
    await afterTagsBound(ctx, trx, bound);
    return { assigned: bound.length };
  });
}
