import { migrateAll } from '../src/server/db/migrate.ts';
import { seedDemo } from '../src/server/seed/seed.ts';
import { checkServices } from '../src/server/services-check.ts';
import { runScript } from './lib.ts';
import { printLogins } from './logins.ts';

await runScript(async () => {
  await checkServices();
  await migrateAll();
  await seedDemo();
  console.log('Demo data set (re)created.');
  printLogins();
});
