/**
 * The audit trail's jobs (issue 29 item 4): the CSV export of the screen's filters (read in
 * batches by keyset on (at, id), streamed to the file store, progress per batch), and the daily
 * retention sweep (retention.ts).
 */
import { UnrecoverableError } from 'bullmq';
import { sql } from 'kysely';
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_SOURCES } from '../../../shared/audit/schemas.ts';
import { idField, isoDateField } from '../../../shared/fields.ts';
import { SORT_DIRECTIONS } from '../../../shared/list.ts';
import { coreDb, tenantDb } from '../../db/database.ts';
import { writeStreamed } from '../../files/store.ts';
import { defineJob } from '../../jobs/define.ts';
import { jobGroup } from '../../jobs/job-group.ts';
import { csvHeader, csvLine } from './csv.ts';
import { coreEntries, ENTRY_COLUMNS, type EntryRow, groupEntries } from './queries.ts';
import { sweepAuditRetention } from './retention.ts';

/** At most this many rows per export (checked when asked; the job fails rather than cut). */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;
const BATCH = 1000;

export const auditCsvParamsSchema = z.object({
  source: z.enum(AUDIT_SOURCES),
  filters: z.object({
    userId: idField.optional(),
    entity: z.enum(AUDIT_ENTITIES).optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    from: isoDateField.optional(),
    to: isoDateField.optional(),
  }),
  /** the company the rows are narrowed to (the requester's own for company roles), or null */
  companyId: z.number().int().positive().nullable(),
  direction: z.enum(SORT_DIRECTIONS),
});
export type AuditCsvParams = z.output<typeof auditCsvParamsSchema>;

export const auditCsvJob = defineJob({
  type: 'audit-csv',
  params: auditCsvParamsSchema,
  attempts: 2,
  process: async ({ params, meta, progress }) => {
    const group = await jobGroup(meta, 'an audit export');
    const desc = params.direction === 'desc';
    // The cursor keeps `at` as Postgres' text: a JS Date would cut its microseconds and skip rows.
    type Row = EntryRow & { at_key: string };
    const page = (after: { at: string; id: number } | null): Promise<Row[]> => {
      const base =
        params.source === 'accounts'
          ? coreEntries(coreDb(), params.filters, group.id, params.companyId)
          : groupEntries(tenantDb(group.schema), params.filters, params.companyId);
      const keyed = after
        ? base.where((eb) =>
            eb(
              eb.refTuple('e.at', 'e.id'),
              desc ? '<' : '>',
              eb.tuple(sql<Date>`${after.at}::timestamptz`, after.id),
            ),
          )
        : base;
      return keyed
        .select([...ENTRY_COLUMNS, sql<string>`e.at::text`.as('at_key')])
        .orderBy('e.at', desc ? 'desc' : 'asc')
        .orderBy('e.id', desc ? 'desc' : 'asc')
        .limit(BATCH)
        .execute() as Promise<Row[]>;
    };
    const name = `auditoria-${params.source === 'accounts' ? 'contas' : 'dados'}-${new Date().toISOString().slice(0, 10)}.csv`;
    const key = `jobs/${meta.jobId}/${name}`;
    let rows = 0;
    const { size } = await writeStreamed(key, 'text/csv; charset=utf-8', async (stream) => {
      const write = (text: string) =>
        new Promise<void>((resolve, reject) => {
          stream.write(text, (err) => (err ? reject(err) : resolve()));
        });
      // A BOM so spreadsheet programs read the file as UTF-8.
      await write(`\uFEFF${csvHeader()}`);
      let after: { at: string; id: number } | null = null;
      for (;;) {
        const batch = await page(after);
        for (const r of batch) await write(csvLine(r));
        rows += batch.length;
        if (rows > AUDIT_EXPORT_MAX_ROWS)
          throw new UnrecoverableError(`more than ${AUDIT_EXPORT_MAX_ROWS} rows (AUDIT_EXPORT_TOO_LARGE)`);
        await progress(Math.min(95, 5 + rows / 1000));
        if (batch.length < BATCH) break;
        const last = batch[batch.length - 1]!;
        after = { at: last.at_key, id: last.id };
      }
      await new Promise<void>((resolve) => stream.end(resolve));
    });
    return { file: { key, name, contentType: 'text/csv; charset=utf-8', size }, summary: { rows } };
  },
});

export const auditRetentionJob = defineJob({
  type: 'audit-retention',
  params: z.object({}),
  queue: 'maintenance',
  attempts: 1,
  concurrency: 1,
  // Daily, at a quiet hour (UTC).
  cron: '17 4 * * *',
  process: async () => ({ summary: { ...(await sweepAuditRetention()) } }),
});

export const auditJobs = [auditCsvJob, auditRetentionJob];
