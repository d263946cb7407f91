/**
 * Helpers of the companies and users import tests (issue 31 item 4): a CSV built from rows, and the
 * machinery's calls in order — upload, preview (the guessed mapping), dry run, run and the job's end.
 */
import { coreDb } from '../../../src/server/db/database.ts';
import type {
  DryRunReport,
  ImportKind,
  ImportPreview,
  ImportRunSummary,
} from '../../../src/shared/imports/schemas.ts';
import { rest, testApp } from '../../helpers/api.ts';
import { waitFor } from '../qr/helpers.ts';

const cell = (v: string) => (/[",;\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** A CSV file: the header, then each row's cells in the header's order. */
export function csv(header: string[], rows: (string | undefined)[][]): Uint8Array {
  const text = [header, ...rows].map((r) => r.map((v) => cell(v ?? '')).join(',')).join('\n');
  return new TextEncoder().encode(`${text}\n`);
}

export async function upload(token: string, bytes: Uint8Array, name = 'people.csv') {
  const form = new FormData();
  form.set('file', new Blob([bytes as BlobPart], { type: 'text/csv' }), name);
  const res = await testApp().request('/web/imports/uploads', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '10.0.31.4' },
    body: form,
  });
  const json = (await res.json()) as { data?: { fileId: number }; error?: { code: string } };
  return { status: res.status, fileId: json.data?.fileId, error: json.error };
}

export async function preview(token: string, kind: ImportKind, fileId: number, companyId?: number) {
  return rest<ImportPreview>('POST', '/web/imports/preview', { token, body: { kind, fileId, companyId } });
}

/** Upload, then the dry run with the guessed mapping: the report (or the failing answer). */
export async function dryRun(token: string, kind: ImportKind, bytes: Uint8Array, companyId?: number) {
  const up = await upload(token, bytes);
  if (up.status !== 201 || !up.fileId) throw new Error(`upload ${up.status} ${JSON.stringify(up.error)}`);
  const p = await preview(token, kind, up.fileId, companyId);
  if (p.status !== 200)
    return { fileId: up.fileId, mapping: null, res: p as unknown as Awaited<ReturnType<typeof report>> };
  const mapping = p.json.data!.mapping;
  const res = await report(token, kind, up.fileId, mapping, companyId);
  return { fileId: up.fileId, mapping, res };
}

function report(
  token: string,
  kind: ImportKind,
  fileId: number,
  mapping: Record<string, string | null>,
  companyId?: number,
) {
  return rest<DryRunReport>('POST', '/web/imports/dry-run', {
    token,
    body: { kind, fileId, mapping, companyId },
  });
}

/** The import job of an uploaded file, run to its end by the file's worker: its summary. */
export async function runImport(
  token: string,
  kind: ImportKind,
  fileId: number,
  mapping: Record<string, string | null>,
  companyId?: number,
): Promise<ImportRunSummary> {
  const r = await rest<{ jobId: string }>('POST', '/web/imports/run', {
    token,
    body: { kind, fileId, mapping, companyId },
  });
  if (![200, 201, 202].includes(r.status)) throw new Error(`run ${r.status} ${JSON.stringify(r.json)}`);
  const jobId = r.json.data!.jobId;
  const job = await waitFor(
    async () => {
      const j = await coreDb()
        .selectFrom('jobs')
        .select(['state', 'result', 'error'])
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      return j.state === 'completed' || j.state === 'failed' ? j : undefined;
    },
    60_000,
    100,
  ).catch(async (e) => {
    const j = await coreDb().selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
    throw new Error(`${(e as Error).message}: job ${JSON.stringify(j)}`);
  });
  if (job.state !== 'completed') throw new Error(`job ${job.state}: ${JSON.stringify(job.error)}`);
  return job.result as ImportRunSummary;
}
