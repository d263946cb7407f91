import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { waitFor } from '../qr/helpers.ts';
import { PASSWORD } from './fixtures.ts';
import {
  filesOf,
  type LeavingGroup,
  leavingGroup,
  parseCsv,
  tenantCounts,
  unzipped,
} from './leave-helpers.ts';

/**
 * Issue 33 item 6, the group export: the ZIP read back with `unzip` — every table of the schema
 * and of the group's core rows with the database's row counts, a known row in CSV and JSON, the
 * group's file, and no credential (password hash, session token hash) anywhere in it.
 */
const worker = startWorker({ concurrency: 1 });
afterAll(async () => {
  await worker.close();
  await closeQueue();
});

let g: LeavingGroup;
let provider: string;
beforeAll(async () => {
  g = await leavingGroup();
  provider = await loginAs(DEMO.admin);
}, 60_000);

interface Manifest {
  format: string;
  group: { id: number; schemaName: string };
  tables: { name: string; rows: number; csv: string; json: string; omittedColumns: string[] }[];
  omittedTables: string[];
  files: { key: string; entry: string; size: number }[];
}

describe('company group export', () => {
  it('POST /web/company-groups/:id/export waits for the job and answers a ZIP of everything the group holds', async () => {
    const r = await rest('POST', `/web/company-groups/${g.companyGroupId}/export`, { token: provider });
    expect(r.status).toBe(200);
    expect(r.headers.get('Content-Type')).toContain('application/zip');
    const dir = unzipped(await r.res.arrayBuffer());
    const files = filesOf(dir);
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as Manifest;
    expect(manifest.format).toBe('equipcheck-group-export');
    expect(manifest.group).toMatchObject({ id: g.companyGroupId, schemaName: g.schemaName });

    // Every table of the schema, with the rows the database holds, in CSV and JSON.
    const counts = await tenantCounts(g.schemaName);
    expect(Object.keys(counts).length).toBeGreaterThan(10);
    const byName = new Map(manifest.tables.map((t) => [t.name, t]));
    for (const [table, n] of Object.entries(counts)) {
      const t = byName.get(`tenant/${table}`);
      expect(t, table).toBeDefined();
      expect(t!.rows, table).toBe(n);
      const csv = parseCsv(files.get(t!.csv)!.toString('utf8'));
      expect(csv.length - 1, table).toBe(n);
      expect((JSON.parse(files.get(t!.json)!.toString('utf8')) as unknown[]).length, table).toBe(n);
    }
    expect([...files.keys()].some((f) => f.includes('kysely_migration'))).toBe(false);

    // Its core rows: the group, its company, its users (no password hash), no sessions.
    const users = await coreDb()
      .selectFrom('users')
      .select('id')
      .where('company_group_id', '=', g.companyGroupId)
      .execute();
    expect(byName.get('core/company_groups')!.rows).toBe(1);
    expect(byName.get('core/companies')!.rows).toBe(1);
    expect(byName.get('core/users')!.rows).toBe(users.length);
    expect(byName.get('core/users')!.omittedColumns).toContain('password_hash');
    expect(manifest.omittedTables).toEqual(expect.arrayContaining(['core/sessions']));
    expect(files.has('core/sessions.csv')).toBe(false);
    const usersCsv = parseCsv(files.get('core/users.csv')!.toString('utf8'));
    expect(usersCsv[0]).toContain('email');
    expect(usersCsv[0]).not.toContain('password_hash');
    expect(usersCsv.map((row) => row[usersCsv[0]!.indexOf('email')])).toContain(g.operator.email);

    // A known row, its quoted name intact in both formats.
    const catCsv = parseCsv(files.get('tenant/categories.csv')!.toString('utf8'));
    const [head, ...rows] = catCsv;
    const known = rows.find((row) => row[head!.indexOf('id')] === String(g.category.id));
    expect(known?.[head!.indexOf('name')]).toBe(g.category.name);
    expect(known?.[head!.indexOf('enabled')]).toBe('true');
    const catJson = JSON.parse(files.get('tenant/categories.json')!.toString('utf8')) as Record<
      string,
      unknown
    >[];
    expect(catJson.find((c) => c.id === g.category.id)).toMatchObject({
      name: g.category.name,
      enabled: true,
    });

    // The company's logo, byte for byte.
    expect(manifest.files.map((f) => f.key)).toContain(g.logoKey);
    expect(files.get(`files/${g.logoKey}`)?.equals(g.logo)).toBe(true);

    // No credential anywhere.
    expect(g.secrets.length).toBeGreaterThanOrEqual(2);
    for (const [name, body] of files) {
      const text = body.toString('utf8');
      for (const secret of g.secrets) expect(text.includes(secret), `${name} holds a credential`).toBe(false);
    }
  }, 120_000);

  it('tRPC export answers a job that reports progress and completes with the ZIP', async () => {
    const { jobId } = await trpcClient(provider).organisations.companyGroups.export.mutate({
      id: g.companyGroupId,
    });
    const job = await waitFor(async () => {
      const r = await rest<{ state: string; progress: number; downloadUrl: string | null }>(
        'GET',
        `/web/jobs/${jobId}`,
        { token: provider },
      );
      const s = r.json.data?.state;
      return s === 'completed' || s === 'failed' ? r.json.data : undefined;
    }, 60_000);
    expect(job).toMatchObject({ state: 'completed', progress: 100 });
    const file = await rest('GET', `/web/jobs/${jobId}/download`, { token: provider });
    expect(file.status).toBe(200);
    expect(filesOf(unzipped(await file.res.arrayBuffer())).has('manifest.json')).toBe(true);
  }, 90_000);
});

describe('leaving calls are the provider admin’s', () => {
  it('answers 403 FORBIDDEN to other roles on both doors (export, deletion, restore)', async () => {
    const tokens = [
      await loginAs(DEMO.groupAdmin),
      await loginAs(DEMO.companyAdmin),
      await loginAs(g.operator.email, PASSWORD),
    ];
    const id = g.companyGroupId;
    for (const token of tokens) {
      for (const [method, path, body] of [
        ['POST', `/web/company-groups/${id}/export`, undefined],
        ['POST', `/web/company-groups/${id}/deletion`, { confirmName: 'x' }],
        ['DELETE', `/web/company-groups/${id}/deletion`, undefined],
      ] as const) {
        const r = await rest(method, path, { token, body });
        expect([r.status, r.json.error?.code], `${method} ${path}`).toEqual([403, 'FORBIDDEN']);
      }
      const api = trpcClient(token).organisations.companyGroups;
      for (const call of [
        () => api.export.mutate({ id }),
        () => api.requestDeletion.mutate({ id, confirmName: 'x' }),
        () => api.restore.mutate({ id }),
      ]) {
        const err = await call().then(
          () => null,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(TRPCClientError);
        expect((err as TRPCClientError<never>).data).toMatchObject({ code: 'FORBIDDEN' });
      }
    }
    const row = await coreDb()
      .selectFrom('company_groups')
      .select('deletion_requested_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.deletion_requested_at).toBeNull();
  }, 60_000);
});
