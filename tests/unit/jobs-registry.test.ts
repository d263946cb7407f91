import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { diagnosticJob, resultSweepJob } from '../../src/server/domains/jobs/jobs.ts';
import { qrPdfJob, qrXlsxJob } from '../../src/server/domains/qr/jobs.ts';
import { createRegistry, DEFAULT_QUEUE, defineJob, describeIssues } from '../../src/server/jobs/define.ts';
import { jobRegistry } from '../../src/server/jobs/registry.ts';

const noop = async () => ({});

describe('the job registry', () => {
  it("holds every registered domain's jobs, once each", () => {
    expect([...jobRegistry().types].sort()).toEqual([
      'audit-csv',
      'audit-retention',
      'billing-event',
      'billing-event-sweep',
      'billing-reconcile',
      'cycle-refresh',
      'diagnostic',
      'dossier-pdf',
      'due-digest',
      'group-export',
      'group-purge-sweep',
      'import-run',
      'import-template',
      'inspection-pdf',
      'inspection-xlsx',
      'maintenance-pdf',
      'maintenance-xlsx',
      'page-view-retention',
      'qr-pdf',
      'qr-xlsx',
      'qr-zpl',
      'report-pdf',
      'report-xlsx',
      'result-sweep',
      'service-order-pdf',
      'visit-generation',
      'webhook-cycle-due',
      'webhook-delivery',
      'webhook-sweep',
    ]);
  });

  it('groups the definitions by queue, with each queue’s concurrency and each type’s retry policy', () => {
    expect(
      jobRegistry().queues.map((q) => [q.name, q.concurrency, q.definitions.map((d) => d.type).sort()]),
    ).toEqual([
      // organisations (issue 33 item 6: the group export and the purge sweep) registers first
      ['group-export', 1, ['group-export']],
      [
        'maintenance',
        1,
        ['audit-retention', 'group-purge-sweep', 'page-view-retention', 'result-sweep', 'visit-generation'],
      ],
      [DEFAULT_QUEUE, undefined, ['audit-csv', 'diagnostic', 'import-template']],
      ['qr', 2, ['qr-pdf', 'qr-xlsx', 'qr-zpl']],
      ['reports', 1, ['dossier-pdf', 'report-pdf', 'report-xlsx']],
      // equipment (issue 30: a large cycle list's refresh)
      ['cycles', 1, ['cycle-refresh']],
      [
        'documents',
        2,
        ['inspection-pdf', 'inspection-xlsx', 'maintenance-pdf', 'maintenance-xlsx', 'service-order-pdf'],
      ],
      // imports (issue 31): one import at a time per worker process
      ['imports', 1, ['import-run']],
      ['webhooks', 8, ['webhook-delivery', 'webhook-sweep']],
      ['notifications', 1, ['due-digest', 'webhook-cycle-due']],
      ['billing', 4, ['billing-event', 'billing-event-sweep']],
      ['billing-reconcile', 1, ['billing-reconcile']],
    ]);
    expect([diagnosticJob.attempts, qrPdfJob.attempts, qrXlsxJob.attempts, resultSweepJob.attempts]).toEqual([
      3, 3, 3, 1,
    ]);
    expect(resultSweepJob.cron).toBe('*/15 * * * *');
    expect(jobRegistry().get('qr-pdf')).toBe(qrPdfJob);
    expect(jobRegistry().get('nope')).toBeUndefined();
  });

  it('refuses a type defined twice and jobs of one queue that disagree on concurrency', () => {
    const a = defineJob({ type: 'a', params: z.object({}), queue: 'q', concurrency: 2, process: noop });
    const b = defineJob({ type: 'b', params: z.object({}), queue: 'q', concurrency: 3, process: noop });
    const c = defineJob({ type: 'c', params: z.object({}), queue: 'q', process: noop });
    expect(() => createRegistry([[a], [a]])).toThrow(/defined twice/);
    expect(() => createRegistry([[a, b]])).toThrow(/queue "q"/);
    expect(createRegistry([[a, c]]).queues).toEqual([{ name: 'q', concurrency: 2, definitions: [a, c] }]);
  });

  it('refuses bad names and counts', () => {
    expect(() => defineJob({ type: 'Bad Type', params: z.object({}), process: noop })).toThrow(/job type/);
    expect(() => defineJob({ type: 'x', params: z.object({}), attempts: 0, process: noop })).toThrow(
      /attempts/,
    );
    expect(() => defineJob({ type: 'x', params: z.object({}), queue: 'a:b', process: noop })).toThrow(
      /queue/,
    );
  });

  it('describes schema failures by field', () => {
    const r = diagnosticJob.params.safeParse({ steps: 'many', echo: 3 });
    expect(r.success).toBe(false);
    expect(describeIssues(r.error!)).toMatch(/^steps: .+; echo: .+$/);
  });
});

describe('the server process', () => {
  it('loads the job definitions without the heavy renderers (imported lazily in `process`)', () => {
    // A resolve hook prints every renderer module a plain import of the server and registry pulls in.
    const hook = `export async function resolve(s, c, next) {
      const r = await next(s, c);
      if (/pdf-lib|exceljs|qrcode|src\\/render\\//.test(r.url)) console.log('LOADED ' + r.url);
      return r;
    }`;
    const script = `
      import { register } from 'node:module';
      register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}));
      await import('./src/server/app.ts');
      await import('./src/server/jobs/registry.ts');
      console.log('OK');
      process.exit(0);`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim().split('\n')).toEqual(['OK']);
  }, 60_000);
});
