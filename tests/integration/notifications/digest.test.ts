/**
 * Issue 18 item 2: the daily due-date digest over demo-like data (tests/integration/reports'
 * known equipment: expired and expiring inspections and due dates, a disabled tag, a second
 * company), with the day given to the job (a frozen clock), through a real BullMQ worker: one mail
 * per company admin in their language, whose counts are the report's totals for the links it
 * carries; sent once across two runs, after a worker restart and when two runs race; group admins
 * only with DUE_DIGEST_GROUP_ADMINS on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config, resetConfig } from '../../../src/server/config.ts';
import { coreDb } from '../../../src/server/db/database.ts';
import { today } from '../../../src/server/db/days.ts';
import { runDueDigest } from '../../../src/server/domains/notifications/digest.ts';
import { dueDigestJob, notificationJobs } from '../../../src/server/domains/notifications/jobs.ts';
import { createRegistry } from '../../../src/server/jobs/define.ts';
import { closeQueue, enqueue } from '../../../src/server/jobs/queue.ts';
import { settingsChangesSettled } from '../../../src/server/settings.ts';
import { addDays } from '../../../src/shared/equipment/status.ts';
import type { Page } from '../../../src/shared/list.ts';
import { type RunningWorker, startWorker } from '../../../src/worker/worker.ts';
import { DEMO, loginAs, rest } from '../../helpers/api.ts';
import { makeUser } from '../organisations/fixtures.ts';
import { waitFor } from '../qr/helpers.ts';
import {
  type Known,
  knownEquipment,
  type ReportTenant,
  reportCatalogue,
  reportTenant,
} from '../reports/helpers.ts';

// Queues of their own: no other file's worker takes these runs, and these workers take no other job.
process.env.REDIS_PREFIX = `${process.env.REDIS_PREFIX}:digest`;
resetConfig();

const registry = createRegistry([notificationJobs]);
let worker: RunningWorker | undefined;
let tn: ReportTenant;
let known: Known;
let day: string;
let adminPt: { email: string; id: number };
let adminEn: { email: string; id: number };
let adminInactive: string;
let adminB: string;
let groupAdmin: string;

beforeAll(async () => {
  tn = await reportTenant();
  known = await knownEquipment(tn, await reportCatalogue(tn.tokens.group));
  // The frozen clock: every run below is given this day (the fixtures' dates are relative to it).
  day = today();
  const pt = await makeUser({
    role: 'COMPANY_ADMIN',
    groupId: tn.groupId,
    companyId: tn.companyA,
    name: 'Paula Admin',
  });
  const en = await makeUser({
    role: 'COMPANY_ADMIN',
    groupId: tn.groupId,
    companyId: tn.companyA,
    name: 'Emma Admin',
  });
  await coreDb().updateTable('users').set({ language: 'en' }).where('email', '=', en.email).execute();
  adminInactive = (
    await makeUser({ role: 'COMPANY_ADMIN', status: 'INACTIVE', groupId: tn.groupId, companyId: tn.companyA })
  ).email;
  const ids = await coreDb()
    .selectFrom('users')
    .select(['id', 'email', 'role', 'company_id'])
    .where('company_group_id', '=', tn.groupId)
    .execute();
  const idOf = (email: string) => ids.find((u) => u.email === email)!.id;
  adminPt = { email: pt.email, id: idOf(pt.email) };
  adminEn = { email: en.email, id: idOf(en.email) };
  adminB = ids.find((u) => u.role === 'COMPANY_ADMIN' && Number(u.company_id) === tn.companyB)!.email;
  groupAdmin = ids.find((u) => u.role === 'COMPANY_GROUP_ADMIN')!.email;
  worker = startWorker({ registry });
  await worker.ready;
});

afterAll(async () => {
  await worker?.close();
  await closeQueue();
});

async function mails(email: string) {
  return coreDb()
    .selectFrom('email_outbox')
    .select(['subject', 'text_body', 'html_body'])
    .where('to_address', '=', email)
    .where('subject', 'like', 'EquipCheck:%')
    .orderBy('id')
    .execute();
}

/** Runs the digest through the worker (a core.jobs row) and answers the job's summary. */
async function runJob(params: { day: string; companyGroupIds?: number[] }) {
  const id = await enqueue(
    dueDigestJob,
    { companyGroupIds: [tn.groupId], ...params },
    { companyGroupId: null },
  );
  const row = await waitFor(async () => {
    const r = await coreDb().selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return r.state === 'completed' || r.state === 'failed' ? r : undefined;
  });
  expect([row.state, row.error]).toEqual(['completed', null]);
  return row.result as Record<string, number | string>;
}

/** The report's total for a link of the mail (its query string, as the app's route reads it). */
async function reportTotal(link: string): Promise<number> {
  const query = link.split('#/inspections?')[1]!;
  const r = await rest<Page<unknown>>('GET', `/web/equipments/?${query}`, { token: tn.tokens.group });
  expect(r.status).toBe(200);
  return r.json.data!.total;
}

const linksOf = (text: string) => [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);

async function toggleGroupAdmins(enabled: boolean) {
  const token = await loginAs(DEMO.admin);
  const list = await rest<{ id: number; param: string }[]>('GET', '/web/config-system/', { token });
  const id = list.json.data!.find((c) => c.param === 'DUE_DIGEST_GROUP_ADMINS')!.id;
  const r = await rest('PUT', `/web/config-system/${id}/toggle/`, { token, body: { enabled } });
  expect(r.status).toBe(200);
  await settingsChangesSettled();
}

describe('the daily due-date digest', () => {
  it('mails each active company admin once, in their language, with counts that are the report’s totals for its links', async () => {
    const summary = await runJob({ day });
    expect(summary).toMatchObject({ day, companies: 2, companiesDue: 1, sent: 2, alreadySent: 0 });

    const [pt, ...ptMore] = await mails(adminPt.email);
    expect(ptMore).toEqual([]);
    const company = tn.companyName(tn.companyA);
    expect(pt!.subject).toBe(`EquipCheck: 3 equipamentos com inspeção ou validade a vencer — ${company}`);
    const [y, m, d] = day.split('-');
    expect(pt!.text_body).toContain(`Resumo de vencimentos de ${d}/${m}/${y} da empresa ${company}:`);
    for (const line of [
      '- Inspeções vencidas: 1',
      '- Inspeções a vencer: 1',
      '- Validades vencidas: 1',
      '- Validades a vencer: 1',
    ])
      expect(pt!.text_body).toContain(line);
    // e1 (inspection overdue), e6 (due date passed yesterday), e2 (both in notice) — the longest in
    // notice first; not e3 (nothing due), e4 (valid), e5 (disabled tag), nor company B's.
    const listed = pt!.text_body.split('\n').filter((l) => l.includes(' — tag '));
    expect(listed.map((l) => [known.e1, known.e6, known.e2].findIndex((e) => l.includes(e.serial)))).toEqual([
      0, 1, 2,
    ]);
    for (const e of [known.e3, known.e4, known.e5]) expect(pt!.text_body).not.toContain(e.serial);
    const [dy, dm, dd] = addDays(day, -1).split('-');
    expect(listed[1]).toContain(`validade vencida em ${dd}/${dm}/${dy} (há 1 dia)`);
    expect(listed[2]).toContain('próxima inspeção vence em 3 dias');
    expect(listed[2]).toContain('validade vence em 5 dias');

    const base = config().PUBLIC_URL;
    const links = linksOf(pt!.text_body);
    expect(links).toEqual([
      `${base}/#/inspections?companyId=${tn.companyA}&lastInspectionExpirationStatus=EXPIRED_OR_EXPIRING`,
      `${base}/#/inspections?companyId=${tn.companyA}&dueDateExpirationStatus=EXPIRED_OR_EXPIRING`,
    ]);
    expect(pt!.html_body).toContain(`href="${links[0]!.replaceAll('&', '&amp;')}"`);
    // The links open the report on the same equipment the mail counts.
    expect(await reportTotal(links[0]!)).toBe(2);
    expect(await reportTotal(links[1]!)).toBe(2);

    const [en, ...enMore] = await mails(adminEn.email);
    expect(enMore).toEqual([]);
    expect(en!.subject).toBe(
      `EquipCheck: 3 equipment items with an inspection or expiration date due — ${company}`,
    );
    // DD/MM/YYYY in English too (issue 26 item 16).
    expect(en!.text_body).toContain(`Due-date summary of ${d}/${m}/${y} for ${company}:`);
    expect(en!.text_body).toContain('- Overdue inspections: 1');
    expect(en!.text_body).toContain(`expiration date overdue since ${dd}/${dm}/${dy} (1 day ago)`);
    expect(en!.text_body).toContain('next inspection due in 3 days');
    expect(linksOf(en!.text_body)).toEqual(links);

    // Nobody else: not the inactive admin, not company B's admin (nothing due there: its only
    // overdue equipment is on a disabled tag), not the group admin (the setting is off).
    expect(await mails(adminInactive)).toEqual([]);
    expect(await mails(adminB)).toEqual([]);
    expect(await mails(groupAdmin)).toEqual([]);
    const rows = await coreDb()
      .selectFrom('due_digests')
      .select(['user_id', 'company_id', 'day', 'items', 'language'])
      .where('company_group_id', '=', tn.groupId)
      .orderBy('user_id')
      .execute();
    expect(rows).toEqual([
      { user_id: adminPt.id, company_id: tn.companyA, day, items: 3, language: 'pt' },
      { user_id: adminEn.id, company_id: tn.companyA, day, items: 3, language: 'en' },
    ]);
  });

  it('sends nothing more on a second run of the day, nor after the worker restarts', async () => {
    const again = await runJob({ day });
    expect(again).toMatchObject({ sent: 0, alreadySent: 2 });
    await worker!.close();
    worker = startWorker({ registry });
    await worker.ready;
    const afterRestart = await runJob({ day });
    expect(afterRestart).toMatchObject({ sent: 0, alreadySent: 2 });
    expect(await mails(adminPt.email)).toHaveLength(1);
    expect(await mails(adminEn.email)).toHaveLength(1);
    // The next day is another digest.
    const next = await runJob({ day: addDays(day, 1) });
    expect(next).toMatchObject({ sent: 2, alreadySent: 0 });
    expect(await mails(adminPt.email)).toHaveLength(2);
  });

  it('two runs of the same day at once send each digest once', async () => {
    const raced = addDays(day, 2);
    const [a, b] = await Promise.all([
      runDueDigest({ day: raced, companyGroupIds: [tn.groupId] }),
      runDueDigest({ day: raced, companyGroupIds: [tn.groupId] }),
    ]);
    expect([a.sent + b.sent, a.alreadySent + b.alreadySent]).toEqual([2, 2]);
    expect(await mails(adminPt.email)).toHaveLength(3);
    expect(await mails(adminEn.email)).toHaveLength(3);
  });

  it('includes the group admins only while DUE_DIGEST_GROUP_ADMINS is on', async () => {
    await toggleGroupAdmins(true);
    try {
      const on = addDays(day, 3);
      const summary = await runJob({ day: on });
      expect(summary).toMatchObject({ sent: 3 });
      const [g, ...more] = await mails(groupAdmin);
      expect(more).toEqual([]);
      expect(g!.subject).toBe(
        `EquipCheck: 3 equipamentos com inspeção ou validade a vencer — ${tn.companyName(tn.companyA)}`,
      );
      expect(linksOf(g!.text_body)[0]).toContain(`companyId=${tn.companyA}&`);
    } finally {
      await toggleGroupAdmins(false);
    }
    const off = await runJob({ day: addDays(day, 4) });
    expect(off).toMatchObject({ sent: 2 });
    expect(await mails(groupAdmin)).toHaveLength(1);
  });
});
