import { migrateAll } from '../src/server/db/migrate.ts';
import { checkPostgres, mayCreateDatabase } from '../src/server/services-check.ts';
import { runScript } from './lib.ts';

await runScript(async () => {
  await checkPostgres(undefined, { create: mayCreateDatabase() });
  const { tenants, touched } = await migrateAll();
  console.log(`Migrated core and ${touched} of ${tenants} tenant schema(s) (the others were up to date).`);
});
