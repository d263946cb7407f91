import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidSerial, tagUrl } from '../../../src/shared/qr/serial.ts';
import { formatDate } from '../../../src/shared/dates.ts';
import { config } from '../../../src/server/config.ts';
import { coreDb, tenantDb } from '../../../src/server/db/database.ts';
import { closeQueue, insertJobRow } from '../../../src/server/jobs/queue.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { decodeLabelPdf } from '../../helpers/qr-decode.ts';
import { bodyBytes, demoCompany, otherDemoCompany, otherTenant, waitFor } from './helpers.ts';

const worker = startWorker({ concurrency: 2 });
afterAll(async () => {
  await worker.close();
  await closeQueue();
});

let demo: Awaited<ReturnType<typeof demoCompany>>;
let companyAdmin: string;
let groupAdmin: string;
let operator: string;
beforeAll(async () => {
  demo = await demoCompany();
  [companyAdmin, groupAdmin, operator] = await Promise.all([
    loginAs(DEMO.companyAdmin),
    loginAs(DEMO.groupAdmin),
    loginAs(DEMO.operator),
  ]);
});

async function jobSerials(jobId: string): Promise<string[]> {
  const rows = await coreDb()
    .selectFrom('tag_registry')
    .select('serial')
    .where('job_id', '=', jobId)
    .orderBy('batch_index')
    .execute();
  return rows.map((r) => r.serial);
}

async function latestJobId(userEmail: string): Promise<string> {
  const r = await coreDb()
    .selectFrom('jobs as j')
    .innerJoin('users as u', 'u.id', 'j.requested_by')
    .select('j.id')
    .where('u.email', '=', userEmail)
    .orderBy('j.created_at', 'desc')
    .executeTakeFirstOrThrow();
  return r.id;
}

describe('QR batches over the REST compatibility calls', () => {
  it('GET /web/qr-code/generate/{companyId}/{qty} waits for the job and streams a PDF whose codes decode to the new tags', async () => {
    const before = await rest<number>('GET', `/web/qr-code/generated/${demo.companyId}`, {
      token: companyAdmin,
    });
    expect(before.status).toBe(200);
    const res = await rest('GET', `/web/qr-code/generate/${demo.companyId}/30`, { token: companyAdmin });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Disposition')).toMatch(
      /attachment; filename="tags-qrcode-\d+-\d{8}-30\.pdf"/,
    );
    const urls = decodeLabelPdf(await bodyBytes(res.res));

    const jobId = await latestJobId(DEMO.companyAdmin);
    const serials = await jobSerials(jobId);
    expect(serials).toHaveLength(30);
    expect(new Set(serials).size).toBe(30);
    for (const s of serials) expect(isValidSerial(s)).toBe(true);
    expect(urls).toEqual(serials.map((s) => tagUrl(config().PUBLIC_URL, s)));

    const tags = await tenantDb(demo.schema)
      .selectFrom('tags')
      .select(['serial_number', 'company_id', 'enabled'])
      .where('job_id', '=', jobId)
      .execute();
    expect(tags.map((t) => t.serial_number).sort()).toEqual([...serials].sort());
    expect(tags.every((t) => t.company_id === demo.companyId && t.enabled)).toBe(true);

    const after = await rest<number>('GET', `/web/qr-code/generated/${demo.companyId}`, {
      token: companyAdmin,
    });
    expect(after.json.data! - before.json.data!).toBeGreaterThanOrEqual(30);
    const me = await rest<{ generated_tag_qty: number }>('GET', '/web/logged-user/', { token: companyAdmin });
    expect(me.json.data!.generated_tag_qty).toBe(after.json.data);
  });

  it('…/excel streams an XLSX with one row per new tag (serial, URL, company, created date)', async () => {
    // The sheet's dates are days of APP_TIME_ZONE (at 00:30 UTC it is still yesterday in São Paulo).
    const dayBefore = formatDate(new Date(), config().APP_TIME_ZONE);
    const res = await rest('GET', `/web/qr-code/generate/${demo.companyId}/12/excel`, { token: groupAdmin });
    const dayAfter = formatDate(new Date(), config().APP_TIME_ZONE);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.res.arrayBuffer()) as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.getWorksheet('Tags')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const serials = await jobSerials(await latestJobId(DEMO.groupAdmin));
    const company = await coreDb()
      .selectFrom('companies')
      .select('name')
      .where('id', '=', demo.companyId)
      .executeTakeFirstOrThrow();
    expect(rows).toHaveLength(13);
    const today = rows[1]?.[3];
    expect([dayBefore, dayAfter]).toContain(today);
    expect(rows.slice(1)).toEqual(
      serials.map((s) => [s, tagUrl(config().PUBLIC_URL, s), company.name, today]),
    );
  });

  it('Prefer: respond-async answers 202 + Location; the job is then read and downloaded through a signed link', async () => {
    const res = await rest<{ jobId: string; location: string }>(
      'GET',
      `/web/qr-code/generate/${demo.companyId}/5`,
      {
        token: companyAdmin,
        headers: { Prefer: 'respond-async' },
      },
    );
    expect(res.status).toBe(202);
    const { jobId } = res.json.data!;
    expect(res.headers.get('Location')).toBe(`/web/jobs/${jobId}`);
    const job = await waitFor(async () => {
      const r = await rest<{ state: string; downloadUrl: string | null; progress: number; type: string }>(
        'GET',
        `/web/jobs/${jobId}`,
        { token: companyAdmin },
      );
      return r.json.data?.state === 'completed' ? r.json.data : undefined;
    });
    expect(job).toMatchObject({ progress: 100, type: 'qr-pdf' });
    const signed = await rest('GET', job.downloadUrl!);
    expect(signed.status).toBe(200);
    expect(decodeLabelPdf(await bodyBytes(signed.res))).toHaveLength(5);
    // Change the signature's first character (to one it is not: 1 in 64 already starts with A).
    const tampered = await rest(
      'GET',
      job.downloadUrl!.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`),
    );
    expect(tampered.status).toBe(403);
    expect(tampered.json.error?.code).toBe('DOWNLOAD_LINK_INVALID');
    const expired = await rest('GET', job.downloadUrl!.replace(/exp=\d+/, 'exp=1000'));
    expect(expired.json.error?.code).toBe('DOWNLOAD_LINK_INVALID');
    const withToken = await rest('GET', `/web/jobs/${jobId}/download`, { token: groupAdmin });
    expect(withToken.status).toBe(200);
    expect(withToken.headers.get('Content-Type')).toBe('application/pdf');
    const anonymous = await rest('GET', `/web/jobs/${jobId}/download`);
    expect(anonymous.status).toBe(401);
  });

  it('refuses operators, other companies and other tenants with 403, and bad quantities with 400', async () => {
    const op = await rest('GET', `/web/qr-code/generate/${demo.companyId}/1`, { token: operator });
    expect([op.status, op.json.error?.code]).toEqual([403, 'FORBIDDEN']);
    const opCount = await rest('GET', `/web/qr-code/generated/${demo.companyId}`, { token: operator });
    expect(opCount.status).toBe(403);

    const sibling = await otherDemoCompany(demo.groupId);
    const notHers = await rest('GET', `/web/qr-code/generate/${sibling}/1/excel`, { token: companyAdmin });
    expect([notHers.status, notHers.json.error?.code]).toEqual([403, 'TENANT_FORBIDDEN']);

    const other = await otherTenant();
    const crossGroup = await rest('GET', `/web/qr-code/generate/${other.companyId}/1`, { token: groupAdmin });
    expect([crossGroup.status, crossGroup.json.error?.code]).toEqual([403, 'TENANT_FORBIDDEN']);
    const otherAdmin = await loginAs(other.email);
    const intoDemo = await rest('GET', `/web/qr-code/generated/${demo.companyId}`, { token: otherAdmin });
    expect([intoDemo.status, intoDemo.json.error?.code]).toEqual([403, 'TENANT_FORBIDDEN']);

    const max = config().QR_BATCH_MAX;
    for (const qty of ['0', String(max + 1), 'abc', '-3', '2.5']) {
      const r = await rest('GET', `/web/qr-code/generate/${demo.companyId}/${qty}`, { token: companyAdmin });
      expect([qty, r.status, r.json.error?.code]).toEqual([qty, 400, 'QR_QUANTITY_OUT_OF_RANGE']);
      expect(r.json.error?.message).toBe(`A quantidade deve ser um número inteiro entre 1 e ${max}`);
    }
    const jobsOfOther = await rest<{ total: number; items: { companyGroupId: number }[] }>(
      'GET',
      '/web/jobs/?pageSize=100',
      { token: otherAdmin },
    );
    expect(jobsOfOther.json.data!.items.every((j) => j.companyGroupId === other.groupId)).toBe(true);
    const someDemoJob = await latestJobId(DEMO.companyAdmin);
    const peek = await rest('GET', `/web/jobs/${someDemoJob}`, { token: otherAdmin });
    expect(peek.status).toBe(404);
    const peekFile = await rest('GET', `/web/jobs/${someDemoJob}/download`, { token: otherAdmin });
    expect(peekFile.status).toBe(404);
  });
});

describe('QR batches and the job center over tRPC', () => {
  it('qr.generate returns a job id at once; jobs.list/jobs.get follow it to completion', async () => {
    const t = trpcClient(companyAdmin);
    const before = await t.qr.generatedCount.query({});
    const { jobId } = await t.qr.generate.mutate({ quantity: 3, format: 'xlsx' });
    const done = await waitFor(async () => {
      const j = await t.jobs.get.query({ id: jobId });
      return j.state === 'completed' ? j : undefined;
    });
    expect(done.result).toMatchObject({ contentType: expect.stringContaining('spreadsheetml') });
    expect(done.requestedBy?.name).toBe('Carla Empresa');
    expect(done.downloadUrl).toMatch(new RegExp(`^/web/jobs/${jobId}/download\\?exp=\\d+&sig=`));
    const list = await t.jobs.list.query({ type: 'qr-xlsx', pageSize: 100 });
    expect(list.items.map((j) => j.id)).toContain(jobId);
    const after = await t.qr.generatedCount.query({});
    expect(after - before).toBeGreaterThanOrEqual(3);

    await expect(
      trpcClient(operator).qr.generate.mutate({ quantity: 1, format: 'pdf' }),
    ).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    for (const quantity of [0, 1.5, -2])
      await expect(t.qr.generate.mutate({ quantity, format: 'pdf' })).rejects.toMatchObject({
        data: { code: 'QR_QUANTITY_OUT_OF_RANGE', params: { min: 1, max: expect.any(Number) } },
      });
    await expect(t.jobs.boardLink.mutate()).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
  });

  it('the provider admin sees every tenant’s jobs', async () => {
    const admin = trpcClient(await loginAs(DEMO.admin));
    const other = await otherTenant();
    const { jobId } = await trpcClient(await loginAs(other.email)).qr.generate.mutate({
      quantity: 1,
      format: 'pdf',
    });
    expect((await admin.jobs.get.query({ id: jobId })).companyGroupId).toBe(other.groupId);
    await expect(trpcClient(groupAdmin).jobs.get.query({ id: jobId })).rejects.toMatchObject({
      data: { code: 'NOT_FOUND' },
    });
  });
});

describe('idempotent allocation', () => {
  it('a second run of the same job allocates nothing new and keeps the same serials', async () => {
    const { allocateBatch } = await import('../../../src/server/domains/qr/allocation.ts');
    // A job row no worker will run (unknown type), used as the allocation key.
    const jobId = await insertJobRow(
      'qr-test',
      {},
      { companyGroupId: demo.groupId, companyId: demo.companyId },
    );
    const input = {
      jobId,
      companyGroupId: demo.groupId,
      companyId: demo.companyId,
      schemaName: demo.schema,
      quantity: 40,
    };
    const [a, b] = await Promise.all([allocateBatch(input), allocateBatch(input)]);
    expect([a.created, b.created].sort()).toEqual([0, 40]);
    const first = await jobSerials(jobId);
    expect((await allocateBatch(input)).created).toBe(0);
    expect(await jobSerials(jobId)).toEqual(first);
    const n = await tenantDb(demo.schema)
      .selectFrom('tags')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(n.n).toBe(40);
  });
});
