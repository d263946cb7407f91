/**
 * One measured export in a fresh process (so its peak RSS is the job's alone): runs the report
 * job's `process` exactly as the worker would (params parsed by its schema, the file written to the
 * file store) and prints one JSON line. Args: format, params (JSON), company group id. The database
 * and file store come from the environment (bench/reports.ts passes its throwaway one).
 */
import { randomUUID } from 'node:crypto';

const [format, paramsJson, groupId] = process.argv.slice(2);
const { reportPdfJob, reportXlsxJob } = await import('../src/server/domains/reports/jobs.ts');
const { closeDb } = await import('../src/server/db/database.ts');
const def = format === 'pdf' ? reportPdfJob : reportXlsxJob;
const params = def.params.parse(JSON.parse(paramsJson!));
const t0 = performance.now();
const result = await def.process({
  params,
  meta: {
    jobId: randomUUID(),
    hasRow: false,
    companyGroupId: Number(groupId),
    companyId: null,
    requestedBy: null,
  },
  job: {} as never,
  progress: async () => {},
});
const ms = performance.now() - t0;
await closeDb();
const rows = Number((result?.summary as { rows?: number } | undefined)?.rows ?? Number.NaN);
process.stdout.write(
  `${JSON.stringify({ format, ms, bytes: result?.file?.size ?? 0, rows, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`,
);
process.exit(0);
