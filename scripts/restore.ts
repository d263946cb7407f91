/**
 * `npm run restore -- <backup dir>`: a whole backup into an EMPTY database (DATABASE_URL) and its
 * files into DATA_DIR. `npm run restore -- <backup dir> --group <schema> --yes` (a group backup or a
 * whole one): replaces that one company group in the live install (its schema, its core rows, its files), other groups
 * untouched. See scripts/backup/restore.ts.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { config } from '../src/server/config.ts';
import { fileStore } from '../src/server/files/store.ts';
import { restore } from './backup/restore.ts';
import { BackupError } from './backup/pg-tools.ts';
import { runScript } from './lib.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    group: { type: 'string' },
    from: { type: 'string' },
    yes: { type: 'boolean', default: false },
    jobs: { type: 'string' },
  },
});

await runScript(async () => {
  try {
    const from = values.from ?? positionals[0];
    if (!from)
      throw new BackupError('usage: npm run restore -- <backup dir> [--group <schema> --yes] [--jobs <n>]');
    const c = config();
    const m = await restore({
      databaseUrl: c.DATABASE_URL,
      from,
      group: values.group,
      yes: values.yes,
      dataDir: c.GCS_BUCKET ? null : c.DATA_DIR,
      store: fileStore(),
      jobs: values.jobs ? Number(values.jobs) : undefined,
    });
    const what =
      m.kind === 'group' ? `group ${m.schemas[0]?.schema}` : `core and ${m.schemas.length} tenant schema(s)`;
    console.log(`Restored ${what} from ${path.resolve(from)} (backup of ${m.createdAt}).`);
  } catch (e) {
    if (!(e instanceof BackupError)) throw e;
    console.error(`\n${e.message}\n`);
    process.exitCode = 1;
  }
});
