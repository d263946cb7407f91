/**
 * Another server process's write (tests/citus/invalidation.test.ts): one category inserted into a
 * company group's schema through the product's pool and tenant Kysely, in a transaction.
 * Usage: tsx tests/citus/write-category.ts <schema> <name> (DATABASE_URL from the environment).
 */
import { closeDb, tenantDb } from '../../src/server/db/database.ts';

const [schema, name] = process.argv.slice(2);
if (!schema || !name) throw new Error('usage: write-category.ts <schema> <name>');
await tenantDb(schema)
  .transaction()
  .execute((trx) => trx.insertInto('categories').values({ name, enabled: true }).execute());
await closeDb();
