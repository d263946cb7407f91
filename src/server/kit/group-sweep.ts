/**
 * The one loop over company groups for the daily sweeps (due digest, `equipment.cycle_due`
 * webhooks, visit generation; docs/conventions.md, "Loops over company groups"): a page of groups
 * at a time by id (every group, or only `companyGroupIds`), one group at a time — the caller's
 * `each` opens its own short transaction(s) on the group's schema, never one over many schemas.
 * A failing group is logged with the run's fields and the loop goes on; the caller throws after
 * the whole pass when `failed` > 0, so the job is retried (each sweep's retry does only what is
 * missing). With `progress`, the groups are counted first (one statement on `core`) and the
 * percentage is reported after each group.
 */
import { sql } from 'kysely';
import { coreDb, type TenantDb, tenantDb } from '../db/database.ts';
import { log } from '../logger.ts';

/** Groups read per page. */
const GROUPS_PAGE = 100;

export interface SweptGroup {
  id: number;
  schema_name: string;
  /** The group's schema (`tenantDb(schema_name)`). */
  db: TenantDb;
}

export interface GroupSweepOptions {
  /** Only these company groups (`companyGroupIds` of the job's params); every group when absent. */
  only?: readonly number[];
  /** Logged (warn) with `companyGroupId`, `logFields` and the error when a group fails. */
  failure: string;
  /** Fields added to the failure's log line (e.g. `{ day }`). */
  logFields?: Record<string, unknown>;
  /** Called after each group with the percentage of groups done. */
  progress?: (percent: number) => Promise<void>;
}

export interface GroupSweepResult {
  /** groups visited (failed ones included) */
  groups: number;
  /** groups whose `each` threw */
  failed: number;
}

/** Runs `each` for every company group (or `only`), one at a time, by id. */
export async function sweepCompanyGroups(
  options: GroupSweepOptions,
  each: (group: SweptGroup) => Promise<void>,
): Promise<GroupSweepResult> {
  const { only, failure, logFields, progress } = options;
  const ids = only === undefined ? undefined : only.length ? [...only] : [0];
  const result: GroupSweepResult = { groups: 0, failed: 0 };
  const total = progress
    ? Number(
        (
          await coreDb()
            .selectFrom('company_groups')
            .select(sql<string>`count(*)`.as('n'))
            .$if(ids !== undefined, (q) => q.where('id', 'in', ids!))
            .executeTakeFirstOrThrow()
        ).n,
      )
    : 0;
  let after = 0;
  for (;;) {
    const groups = await coreDb()
      .selectFrom('company_groups')
      .select(['id', 'schema_name'])
      .where('id', '>', after)
      .$if(ids !== undefined, (q) => q.where('id', 'in', ids!))
      .orderBy('id')
      .limit(GROUPS_PAGE)
      .execute();
    for (const group of groups) {
      result.groups++;
      try {
        await each({ id: group.id, schema_name: group.schema_name, db: tenantDb(group.schema_name) });
      } catch (e) {
        result.failed++;
        log.warn(failure, { companyGroupId: group.id, ...logFields, error: (e as Error).message });
      }
      if (progress) await progress((result.groups / Math.max(1, total)) * 100);
    }
    if (groups.length < GROUPS_PAGE) return result;
    after = groups.at(-1)!.id;
  }
}
