import { afterAll, beforeAll } from 'vitest';
import { resetConfig } from '../../src/server/config.ts';
import { coreDb, tenantSchemaName } from '../../src/server/db/database.ts';
import { connected } from '../../src/server/db/notifications.ts';
import { otherTenant, waitFor } from '../integration/qr/helpers.ts';
import { loginAs } from './api.ts';

export interface CachedReadsTenant {
  /** the fresh group's admin; a test may switch it to another user and back */
  token: string;
  /** the group's schema, qualified for raw SQL */
  schema: string;
}

/**
 * For a file that tests the read cache: answers are kept 60 s in this file (the other tests run
 * with READ_CACHE_MS=0, since they write fixtures with their own SQL and read at once), a fresh
 * group signed in, and the LISTEN connection up before the first test.
 */
export function cachedReadsOnFreshTenant(): CachedReadsTenant {
  process.env.READ_CACHE_MS = '60000';
  resetConfig();
  afterAll(() => {
    process.env.READ_CACHE_MS = '0';
    resetConfig();
  });
  const t: CachedReadsTenant = { token: '', schema: '' };
  beforeAll(async () => {
    const tenant = await otherTenant();
    t.token = await loginAs(tenant.email);
    const g = await coreDb()
      .selectFrom('company_groups')
      .select('schema_name')
      .where('id', '=', tenant.groupId)
      .executeTakeFirstOrThrow();
    t.schema = tenantSchemaName(g.schema_name);
    await waitFor(async () => (connected() ? true : undefined), 5000, 10);
  });
  return t;
}
