import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { bodyBytes, otherTenant } from '../qr/helpers.ts';
import {
  answers,
  type DocumentsTenant,
  documentJobsOf,
  documentsTenant,
  equipmentOf,
  inspect,
  maintain,
  pdfText,
  waitFor,
  xlsxRows,
} from './helpers.ts';

const worker = startWorker({ concurrency: 2 });
afterAll(async () => {
  await worker.close();
  await closeQueue();
});

let t: DocumentsTenant;
let serial: string;
let inspectionId: number;
let maintenanceId: number;
beforeAll(async () => {
  t = await documentsTenant();
  const c = t.catalogue;
  ({ serial } = await equipmentOf(t));
  inspectionId = await inspect(t, serial, { answers: answers(c, { notes: 'Acesso liberado' }) });
  maintenanceId = await maintain(t, serial, {
    answers: [
      { questionId: c.maintenance.recharged, answer: 'YES' },
      { questionId: c.maintenance.description, answer: 'Recarga completa' },
    ],
    parts: [{ partId: c.parts.gauge, quantity: 2 }],
  });
}, 60_000);

const DOWNLOADS = (id: { inspection: number; maintenance: number }) => [
  `/web/inspections/${id.inspection}/pdf`,
  `/web/inspections/${id.inspection}/excel`,
  `/web/maintenances/${id.maintenance}/pdf`,
  `/web/maintenances/${id.maintenance}/excel`,
];

/** A job the caller follows over tRPC to completion, as the client does. */
async function completed(token: string, jobId: string) {
  const api = trpcClient(token);
  return waitFor(async () => {
    const job = await api.jobs.get.query({ id: jobId });
    if (job.state === 'failed') throw new Error(`job failed: ${job.error}`);
    return job.state === 'completed' ? job : undefined;
  });
}

describe('who may download a record', () => {
  it('a record outside the caller’s scope is 404 NOT_FOUND exactly like an unknown id, on both doors, and queues nothing', async () => {
    const unknown = await rest('GET', `/web/inspections/${2 ** 31 - 1}/pdf`, { token: t.tokens.operatorB });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error?.code).toBe('NOT_FOUND');
    const unknownMaintenance = await rest('GET', `/web/maintenances/${2 ** 31 - 1}/excel`, {
      token: t.tokens.operatorB,
    });
    expect(unknownMaintenance.json.error).toEqual(unknown.json.error);

    const foreign = await otherTenant();
    const outsiders = {
      // an operator of another company of the same group
      operatorB: t.tokens.operatorB,
      // the admin of another tenant (which has no records at all)
      otherTenant: await loginAs(foreign.email, 'Demo@123'),
      // the demo tenant's group admin and operator (the demo tenant has records, none of these ids)
      demoGroupAdmin: await loginAs(DEMO.groupAdmin),
      demoOperator: await loginAs(DEMO.operator),
    };
    for (const [who, token] of Object.entries(outsiders)) {
      for (const path of DOWNLOADS({ inspection: inspectionId, maintenance: maintenanceId })) {
        const r = await rest('GET', path, { token });
        expect([who, path, r.status, r.json.error]).toEqual([who, path, 404, unknown.json.error]);
        // Asking for the job at once changes nothing: the check comes before the job.
        const async = await rest('GET', path, { token, headers: { Prefer: 'respond-async' } });
        expect([who, path, async.status]).toEqual([who, path, 404]);
      }
      const api = trpcClient(token);
      await expect(
        api.documents.inspection.mutate({ id: inspectionId, format: 'pdf' }),
        who,
      ).rejects.toMatchObject({ data: { code: 'NOT_FOUND', httpStatus: 404 } });
      await expect(
        api.documents.maintenance.mutate({ id: maintenanceId, format: 'xlsx' }),
        who,
      ).rejects.toMatchObject({ data: { code: 'NOT_FOUND', httpStatus: 404 } });
    }
    expect(await documentJobsOf(t.operatorBId)).toBe(0);
  });

  it('bad ids are 400 VALIDATION_FAILED on both doors', async () => {
    for (const id of ['abc', '0', '-3', '1.5', String(2 ** 31)]) {
      const r = await rest('GET', `/web/inspections/${id}/pdf`, { token: t.tokens.operator });
      expect([id, r.status, r.json.error?.code]).toEqual([id, 400, 'VALIDATION_FAILED']);
    }
    await expect(
      trpcClient(t.tokens.operator).documents.inspection.mutate({ id: 0, format: 'pdf' }),
    ).rejects.toMatchObject({ data: { code: 'VALIDATION_FAILED' } });
    await expect(
      trpcClient(t.tokens.operator).documents.maintenance.mutate({
        id: maintenanceId,
        format: 'docx' as 'pdf',
      }),
    ).rejects.toMatchObject({ data: { code: 'VALIDATION_FAILED' } });
  });

  it('every role in scope gets the job over tRPC; it completes in the job center and its file downloads', async () => {
    const cases = [
      { who: 'operator', token: t.tokens.operator, kind: 'inspection', format: 'pdf' },
      { who: 'company admin', token: t.tokens.companyAdmin, kind: 'maintenance', format: 'xlsx' },
      { who: 'group admin', token: t.tokens.group, kind: 'inspection', format: 'xlsx' },
      { who: 'provider admin', token: t.tokens.provider, kind: 'maintenance', format: 'pdf' },
    ] as const;
    for (const { who, token, kind, format } of cases) {
      const api = trpcClient(token);
      const { jobId } =
        kind === 'inspection'
          ? await api.documents.inspection.mutate({ id: inspectionId, format })
          : await api.documents.maintenance.mutate({ id: maintenanceId, format });
      const job = await completed(token, jobId);
      expect(job, who).toMatchObject({
        type: `${kind}-${format}`,
        progress: 100,
        companyId: t.companyId,
        params: { recordId: kind === 'inspection' ? inspectionId : maintenanceId },
      });
      const list = await api.jobs.list.query({ type: `${kind}-${format}`, pageSize: 100 });
      expect(
        list.items.map((j) => j.id),
        who,
      ).toContain(jobId);

      const file = await rest('GET', job.downloadUrl!);
      expect(file.status, who).toBe(200);
      const bytes = await bodyBytes(file.res);
      if (format === 'pdf') expect(pdfText(bytes), who).toContain(serial);
      else expect(await xlsxRows(bytes), who).toContainEqual(['Tag', serial]);
    }
  });

  it('Prefer: respond-async answers 202 + Location at once; the job is then followed and its file downloaded', async () => {
    for (const path of [`/web/inspections/${inspectionId}/pdf`, `/web/maintenances/${maintenanceId}/excel`]) {
      const r = await rest<{ jobId: string; location: string }>('GET', path, {
        token: t.tokens.operator,
        headers: { Prefer: 'respond-async' },
      });
      expect(r.status).toBe(202);
      const { jobId, location } = r.json.data!;
      expect(r.headers.get('Location')).toBe(`/web/jobs/${jobId}`);
      expect(location).toBe(`/web/jobs/${jobId}`);
      expect(r.headers.get('Preference-Applied')).toBe('respond-async');
      const job = await waitFor(async () => {
        const j = await rest<{ state: string; progress: number; type: string }>('GET', location, {
          token: t.tokens.operator,
        });
        return j.json.data?.state === 'completed' ? j.json.data : undefined;
      });
      expect(job.progress).toBe(100);
      const file = await rest('GET', `${location}/download`, { token: t.tokens.operator });
      expect(file.status).toBe(200);
      if (path.endsWith('/pdf')) {
        expect(job.type).toBe('inspection-pdf');
        expect(file.headers.get('Content-Type')).toBe('application/pdf');
        expect(pdfText(await bodyBytes(file.res))).toContain('Acesso liberado');
      } else {
        expect(job.type).toBe('maintenance-xlsx');
        expect(await xlsxRows(await bodyBytes(file.res))).toContainEqual(['Manômetro', 2, 'Unidades']);
      }
    }
  });

  it('without a session the download calls are 401', async () => {
    const r = await rest('GET', `/web/inspections/${inspectionId}/pdf`);
    expect([r.status, r.json.error?.code]).toEqual([401, 'UNAUTHENTICATED']);
  });
});
