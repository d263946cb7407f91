/**
 * The daily due-date digest (issue 18 item 2). For each company group (a page of groups at a
 * time, by id), for each of its companies (a page at a time, by id): the company's due
 * counts and first items (`due-items.ts`, over its indexes; nothing but one page is held in
 * memory), then one mail per recipient — the company's active admins, and the group's active
 * admins when DUE_DIGEST_GROUP_ADMINS is on — in the recipient's language, linking to the report
 * filtered to the same equipment. A company with nothing due gets no mail.
 *
 * Never the same digest twice for a day: each mail is sent inside the transaction that inserts its
 * (recipient, company, day) row into core.due_digests. A second run of the day (a retry, a second
 * worker, a restart) finds the row — or waits on the first transaction's row and then finds it — and
 * sends nothing; a run that dies before its commit leaves no row and no outbox mail, and the retry
 * sends it. (Over SMTP, a crash between the server's acceptance and the commit sends that one mail
 * again: at least once, never silently lost.)
 */
import { sql } from 'kysely';
import { dueLinks, reportLink } from '../../../shared/notifications/links.ts';
import { DIGEST_ITEMS, type DueDigestParams, type DueItem } from '../../../shared/notifications/schemas.ts';
import type { Role } from '../../../shared/roles.ts';
import { config } from '../../config.ts';
import { baseDb, coreDb, type TenantDb, withCore } from '../../db/database.ts';
import { today } from '../../db/days.ts';
import { sweepCompanyGroups, type SweptGroup } from '../../kit/group-sweep.ts';
import { log } from '../../logger.ts';
import { type DigestItem, renderDueDigest } from '../../mail/due-digest.ts';
import { sendMail } from '../../mail/mailer.ts';
import { systemSettings } from '../../settings.ts';
import { cyclesOfEquipment } from '../equipment/index.ts';
import { dueCounts, dueWhere, firstDue, WHOLE_TENANT } from './due-items.ts';

/** Companies read per page (groups: the kit's group sweep). */
const PAGE = 100;

export interface DigestSummary {
  day: string;
  groups: number;
  companies: number;
  /** companies with something due */
  companiesDue: number;
  sent: number;
  /** recipients whose digest of the day was already sent */
  alreadySent: number;
  failedCompanies: number;
}

interface Recipient {
  id: number;
  email: string;
  name: string;
  language: string;
  role: Role;
}

function recipients(groupId: number) {
  return coreDb()
    .selectFrom('users')
    .select(['id', 'email', 'name', 'language', 'role'])
    .where('company_group_id', '=', groupId)
    .where('status', '=', 'ACTIVE');
}

/**
 * Sends one recipient's digest unless its (recipient, company, day) row exists: the row and the
 * outbox mail commit together. True when this call sent it.
 */
async function claimAndSend(
  r: Recipient,
  owner: { groupId: number; companyId: number; day: string; items: number },
  render: (r: Recipient) => Parameters<typeof sendMail>[1],
): Promise<boolean> {
  return baseDb()
    .transaction()
    .execute(async (trx) => {
      const core = withCore(trx);
      const claimed = await core
        .insertInto('due_digests')
        .values({
          user_id: r.id,
          company_group_id: owner.groupId,
          company_id: owner.companyId,
          day: owner.day,
          email: r.email,
          language: r.language,
          items: owner.items,
        })
        .onConflict((oc) => oc.constraint('due_digests_uq').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!claimed) return false;
      await sendMail(r.email, render(r), { db: core });
      return true;
    });
}

/**
 * The page's due equipment with their cycles due or expiring on `day` (name, norm, due date): one
 * statement for the page (`cyclesOfEquipment`); equipment without cycles stays as it is.
 */
export async function attachDueCycles(db: TenantDb, items: DueItem[], day: string): Promise<DigestItem[]> {
  const cycles = await cyclesOfEquipment(
    db,
    items.map((i) => i.equipmentId),
    day,
  );
  return items.map((i) => {
    const due = (cycles.get(i.equipmentId) ?? []).flatMap((c) =>
      c.dueDate && c.daysToExpire !== null && (c.status === 'EXPIRED' || c.status === 'EXPIRING')
        ? [
            {
              name: c.name,
              norm: c.norm,
              state: { date: c.dueDate, status: c.status, daysToExpire: c.daysToExpire },
            },
          ]
        : [],
    );
    return due.length ? { ...i, cycles: due } : i;
  });
}

/** One company: its counts and first items, then each recipient's mail. */
async function digestCompany(
  group: SweptGroup,
  company: { id: number; name: string },
  groupAdmins: Recipient[],
  day: string,
  summary: DigestSummary,
): Promise<void> {
  const { db } = group;
  const counts = await dueCounts(db, company.id, day);
  if (counts.equipment === 0) return;
  summary.companiesDue++;
  const companyAdmins = await recipients(group.id)
    .where('company_id', '=', company.id)
    .where('role', '=', 'COMPANY_ADMIN')
    .orderBy('id')
    .execute();
  const to = [...companyAdmins, ...groupAdmins];
  if (to.length === 0) return;
  const { items } = await firstDue(db, dueWhere(db, WHOLE_TENANT, company.id, day), day, {
    limit: DIGEST_ITEMS,
  });
  const withCycles = await attachDueCycles(db, items, day);
  const links = dueLinks(company.id);
  const base = config().PUBLIC_URL;
  const render = (r: Recipient) =>
    renderDueDigest(r.language, {
      name: r.name,
      companyName: company.name,
      day,
      counts,
      items: withCycles,
      links: { inspections: reportLink(base, links.inspections), dueDates: reportLink(base, links.dueDates) },
    });
  for (const r of to) {
    const sent = await claimAndSend(
      r,
      { groupId: group.id, companyId: company.id, day, items: counts.equipment },
      render,
    );
    if (sent) summary.sent++;
    else summary.alreadySent++;
  }
}

/** Every company of a group, a page at a time (one with nothing due costs one indexed count). */
async function digestGroup(
  group: SweptGroup,
  day: string,
  withGroupAdmins: boolean,
  summary: DigestSummary,
): Promise<void> {
  const groupAdmins = withGroupAdmins
    ? await recipients(group.id).where('role', '=', 'COMPANY_GROUP_ADMIN').orderBy('id').execute()
    : [];
  let after = 0;
  for (;;) {
    const companies = await coreDb()
      .selectFrom('companies')
      .select(['id', 'name'])
      .where('company_group_id', '=', group.id)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const company of companies) {
      summary.companies++;
      try {
        await digestCompany(group, company, groupAdmins, day, summary);
      } catch (e) {
        summary.failedCompanies++;
        log.warn('due digest of a company failed', {
          companyGroupId: group.id,
          companyId: company.id,
          day,
          error: (e as Error).message,
        });
      }
    }
    if (companies.length < PAGE) return;
    after = companies.at(-1)!.id;
  }
}

/**
 * Runs the digest of `day` (default today, APP_TIME_ZONE) over every company group, or over
 * `companyGroupIds`. Throws after the whole pass when a company failed, so the job is retried:
 * the retry sends only what is missing.
 */
export async function runDueDigest(
  params: DueDigestParams,
  progress: (percent: number) => Promise<void> = async () => {},
): Promise<DigestSummary> {
  const day = params.day ?? today();
  const settings = await systemSettings();
  const summary: DigestSummary = {
    day,
    groups: 0,
    companies: 0,
    companiesDue: 0,
    sent: 0,
    alreadySent: 0,
    failedCompanies: 0,
  };
  const run = await sweepCompanyGroups(
    {
      only: params.companyGroupIds,
      failure: 'due digest of a company group failed',
      logFields: { day },
      progress,
    },
    (group) => digestGroup(group, day, settings.dueDigestGroupAdmins, summary),
  );
  summary.groups = run.groups;
  summary.failedCompanies += run.failed;
  // Rows past their use: a day's row only guards that day (and a late retry of it).
  await coreDb()
    .deleteFrom('due_digests')
    .where('day', '<', sql<string>`${day}::date - ${config().DUE_DIGEST_KEEP_DAYS}::int`)
    .execute();
  log.info('due digest sent', { ...summary });
  if (summary.failedCompanies > 0)
    throw new Error(
      `due digest of ${day}: ${summary.failedCompanies} companies or groups failed (see the log)`,
    );
  return summary;
}
