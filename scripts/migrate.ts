import { migrateAll } from '../src/server/db/migrate.ts';
import { checkPostgres, mayCreateDatabase } from '../src/server/services-check.ts';
import { runScript } from './lib.ts';

await runScript(async () => {
  await checkPostgres(undefined, { create: mayCreateDatabase() });
  const { tenants } = await migrateAll();
  console.log(`Migrated core and ${tenants} tenant schema(s).`);
});
