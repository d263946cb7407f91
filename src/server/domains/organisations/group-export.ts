/**
 * Everything a company group holds, as one ZIP (issue 33 item 6, LGPD data portability): per table
 * of its schema and of its core rows a CSV and a JSON file, the files its rows name, and
 * `manifest.json` (written last, with each table's row count). One REPEATABLE READ transaction
 * reads it all, so the export is one instant of the group; rows go through cursors and the ZIP is
 * streamed to the file store, so neither a table nor the archive is ever held in memory.
 * Credentials stay out: sessions and e-mail tokens, password and token hashes, webhook secrets.
 */
import { Readable } from 'node:stream';
import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { formatDateTime } from '../../../shared/dates.ts';
import { config } from '../../config.ts';
import { baseDb, coreDb, tenantSchemaName } from '../../db/database.ts';
import { groupTablePlan, kyselyReader } from '../../db/group-core-rows.ts';
import { fileStore, writeStreamed } from '../../files/store.ts';
import { openZip, type ZipWriter } from '../../files/zip.ts';
import type { JobContext } from '../../jobs/define.ts';
import {
  coreExportTables,
  type ExportTable,
  tableCsv,
  tableJson,
  tenantExportTables,
} from './group-export-tables.ts';
import { groupFileKeys } from './group-files.ts';

export const GROUP_EXPORT_FORMAT = 'equipcheck-group-export';

export const groupExportParamsSchema = z.object({ groupId: z.number().int().positive() });
export type GroupExportParams = z.output<typeof groupExportParamsSchema>;

export interface GroupExportManifest {
  format: typeof GROUP_EXPORT_FORMAT;
  version: 1;
  group: { id: number; name: string; schemaName: string };
  createdAt: string;
  createdAtText: string;
  tables: { name: string; rows: number; csv: string; json: string; omittedColumns: string[] }[];
  /** Tables of the group left out whole (credentials). */
  omittedTables: string[];
  files: { key: string; entry: string; size: number }[];
  /** Keys the rows name that the store no longer has. */
  missingFiles: string[];
}

async function addTable(zip: ZipWriter, trx: Parameters<typeof tableJson>[0], t: ExportTable) {
  const counted = { rows: 0 };
  await zip.add(`${t.name}.csv`, Readable.from(tableCsv(trx, t, counted)));
  await zip.add(`${t.name}.json`, Readable.from(tableJson(trx, t)));
  return {
    name: t.name,
    rows: counted.rows,
    csv: `${t.name}.csv`,
    json: `${t.name}.json`,
    omittedColumns: t.omitted,
  };
}

/** The job's work: the ZIP under `jobs/<job id>/`, progress per table. */
export async function exportGroup(ctx: JobContext<GroupExportParams>) {
  const group = await coreDb()
    .selectFrom('company_groups')
    .select(['id', 'name', 'schema_name'])
    .where('id', '=', ctx.params.groupId)
    .executeTakeFirst();
  if (!group) throw new UnrecoverableError('company group not found');
  const schema = tenantSchemaName(group.schema_name);
  const started = new Date();
  const name = `${group.schema_name}-export-${started.toISOString().slice(0, 10)}.zip`;
  const key = `jobs/${ctx.meta.jobId}/${name}`;
  const store = fileStore();
  await ctx.progress(1);
  const manifest = await baseDb()
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const plan = await groupTablePlan(kyselyReader(trx), group.id);
      const core = coreExportTables(plan);
      const tables = [...(await tenantExportTables(trx, schema)), ...core.tables].filter(
        (t) => t.columns.length > 0,
      );
      const keys = await groupFileKeys(trx, plan, schema, store);
      const m: GroupExportManifest = {
        format: GROUP_EXPORT_FORMAT,
        version: 1,
        group: { id: group.id, name: group.name, schemaName: group.schema_name },
        createdAt: started.toISOString(),
        createdAtText: formatDateTime(started, config().APP_TIME_ZONE),
        tables: [],
        omittedTables: core.omittedTables,
        files: [],
        missingFiles: [],
      };
      const steps = tables.length + 1;
      const { size } = await writeStreamed(key, 'application/zip', async (out) => {
        const zip = await openZip(out, started);
        for (const t of tables) {
          m.tables.push(await addTable(zip, trx, t));
          await ctx.progress(Math.round(2 + (90 * m.tables.length) / steps));
        }
        for (const k of keys) {
          const body = await store.get(k);
          if (!body) {
            m.missingFiles.push(k);
            continue;
          }
          await zip.add(`files/${k}`, body);
          m.files.push({ key: k, entry: `files/${k}`, size: (await store.size(k)) ?? 0 });
        }
        await zip.add('manifest.json', `${JSON.stringify(m, null, 2)}\n`);
        await zip.finish();
      });
      return { m, size };
    });
  await ctx.progress(100);
  return {
    file: { key, name, contentType: 'application/zip', size: manifest.size },
    summary: {
      groupId: group.id,
      tables: manifest.m.tables.length,
      rows: manifest.m.tables.reduce((n, t) => n + t.rows, 0),
      files: manifest.m.files.length,
    },
  };
}
