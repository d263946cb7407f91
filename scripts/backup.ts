/**
 * `npm run backup [-- --group <schema>] [--out <dir>] [--jobs <n>] [--batch <schemas per pg_dump>]`: a consistent backup of the whole
 * install (core, every tenant schema, DATA_DIR) or of one company group (its schema, its rows in
 * core, its files) into a new directory (default `backups/<time>[-<schema>]`). See
 * scripts/backup/backup.ts.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { config } from '../src/server/config.ts';
import { fileStore } from '../src/server/files/store.ts';
import { backup, fullSchemaName } from './backup/backup.ts';
import { BackupError } from './backup/pg-tools.ts';
import { runScript } from './lib.ts';

const { values } = parseArgs({
  options: {
    group: { type: 'string' },
    out: { type: 'string' },
    jobs: { type: 'string' },
    batch: { type: 'string' },
  },
});

await runScript(async () => {
  try {
    const c = config();
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const out =
      values.out ?? path.join('backups', values.group ? `${stamp}-${fullSchemaName(values.group)}` : stamp);
    const m = await backup({
      databaseUrl: c.DATABASE_URL,
      out,
      group: values.group,
      dataDir: c.GCS_BUCKET ? null : c.DATA_DIR,
      store: fileStore(),
      jobs: values.jobs ? Number(values.jobs) : undefined,
      batchSize: values.batch ? Number(values.batch) : undefined,
    });
    const what =
      m.kind === 'group' ? `group ${m.schemas[0]?.schema}` : `core and ${m.schemas.length} tenant schema(s)`;
    const files = m.files.copied
      ? `${m.files.keys.length} file(s), ${m.files.bytes} bytes`
      : 'files in the bucket not copied';
    console.log(`Backed up ${what} and ${files} into ${path.resolve(out)} in ${m.seconds.toFixed(1)} s.`);
  } catch (e) {
    if (!(e instanceof BackupError)) throw e;
    console.error(`\n${e.message}\n`);
    process.exitCode = 1;
  }
});
