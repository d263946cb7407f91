/**
 * The generation over every company group (or `companyGroupIds`), through the kit's group sweep
 * (`kit/group-sweep.ts`): each group in its own short transaction (audit header, then
 * `generateVisits`' one statement). A failing group is logged and the run goes on; the run then
 * throws so the job is retried (the retry inserts only what is missing).
 */
import type { VisitGenerationParams } from '../../../shared/visits/schemas.ts';
import { today } from '../../db/days.ts';
import { writeTenantAuditHeader } from '../../kit/audit-header.ts';
import { sweepCompanyGroups } from '../../kit/group-sweep.ts';
import { log } from '../../logger.ts';
import { generateVisits } from './generate.ts';

export interface GenerationSummary {
  day: string;
  groups: number;
  visits: number;
  failedGroups: number;
}

export async function runVisitGeneration(
  params: VisitGenerationParams,
  system = 'visit-generation',
  progress: (percent: number) => Promise<void> = async () => {},
): Promise<GenerationSummary> {
  const day = params.day ?? today();
  const only = params.companyGroupIds;
  const summary: GenerationSummary = { day, groups: 0, visits: 0, failedGroups: 0 };
  const run = await sweepCompanyGroups(
    { only, failure: 'visit generation of a company group failed', logFields: { day }, progress },
    async (group) => {
      summary.visits += await group.db.transaction().execute(async (trx) => {
        await writeTenantAuditHeader(trx, { system });
        return generateVisits(trx, day);
      });
    },
  );
  summary.groups = run.groups;
  summary.failedGroups = run.failed;
  log.info('visits generated', { ...summary });
  if (summary.failedGroups > 0)
    throw new Error(`visit generation of ${day}: ${summary.failedGroups} groups failed (see the log)`);
  return summary;
}
