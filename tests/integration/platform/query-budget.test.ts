import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../../../src/server/config.ts';
import { baseDb, coreDb, observeQueries, tenantSchemaName } from '../../../src/server/db/database.ts';
import { loginAs, testApp } from '../../helpers/api.ts';
import { otherTenant } from '../qr/helpers.ts';

/**
 * The statements each hot call runs (issue 12), counted while the tenant grows by 3,000 tags: the
 * count may not change with the tenant's size, and stays within its budget, so a later domain
 * cannot put a per-request scan or an extra round trip on these paths unnoticed.
 */
// Cold calls: with the session and read caches off, the budget is what a call costs when it
// misses them (tests/integration/auth/session-cache.test.ts and platform/read-cache.test.ts cover
// the warm calls).
process.env.SESSION_CACHE_MS = '0';
process.env.READ_CACHE_MS = '0';
resetConfig();

const BUDGET: [path: string, statements: number][] = [
  // session + user + group + company in one statement; the counters in one more
  ['/web/logged-user/', 2],
  // auth, page, capped count
  ['/web/products/?pageSize=10', 3],
  ['/web/products/?pageSize=10&query=extintor', 3],
  ['/web/categories/', 3],
  ['/web/tags/?pageSize=10', 3],
  // auth, capped count, the page in one statement (its ids chosen over the equipment table, then
  // joined with their rows, attributes and company names)
  ['/web/equipments/?pageSize=10', 3],
  // auth, page (company names in the same statement), capped count
  ['/web/service-order/?pageSize=10', 3],
  ['/web/service-order/?pageSize=10&query=ordem&sort=responsibleUserName', 3],
  ['/web/service-order/equipment/?pageSize=10', 3],
  // The dashboard (every user's home): auth, then one read (the summary: the tenant's counters and
  // indexed maxima in one, the group's users in another; the recent activity: newest inspections,
  // newest maintenances, their equipment)
  ['/web/dashboard/', 3],
  ['/web/dashboard/monthly-inspections/', 2],
  ['/web/dashboard/equipment-status/', 2],
  ['/web/dashboard/employee-inspections-by-month/', 2],
  ['/web/dashboard/product-inspections-by-month/', 2],
  ['/web/dashboard/inspection-type-inspections/', 2],
  ['/web/dashboard/recent-activity/', 4],
  ['/web/dashboard/cycles/', 2],
  // the offline working set's first page (issue 20): auth, companies, the catalogue's forms (6),
  // the version stamps (3, the catalogue's cycle digest inside the equipment one), the total from
  // the counters (2), equipment and unused tags; issue 30 item 4: the caller's visits (1), their
  // equipment's cycles (1, when any), the page's equipment cycles (1, when it holds equipment)
  ['/web/field/working-set/?pageSize=10', 18],
  // The top bar's bell (issue 18), on every page: auth, then the first due items with their capped count
  ['/web/notifications/due/', 2],
  // the pending-payment check every signed-in page repeats each minute (issue 17): auth, the status
  ['/web/company-groups/company-group-status/{group}', 2],
  // the video lessons (issue 18): auth only — the list comes from the file store
  ['/web/video-lessons/', 1],
];

// A tenant of its own: other test files read the demo tenant's tags while this one grows.
let token: string;
let tenant: Awaited<ReturnType<typeof otherTenant>>;
let tags: string;
const prefix = `QB${Date.now().toString(36)}`;
beforeAll(async () => {
  tenant = await otherTenant();
  const group = await coreDb()
    .selectFrom('company_groups')
    .select('schema_name')
    .where('id', '=', tenant.groupId)
    .executeTakeFirstOrThrow();
  tags = `${tenantSchemaName(group.schema_name)}.tags`;
  token = await loginAs(tenant.email);
});

async function statementsOf(path: string): Promise<{ status: number; sql: string[] }> {
  const seen: string[] = [];
  const stop = observeQueries((q) => seen.push(q.sql));
  try {
    const res = await testApp().request(path.replace('{group}', String(tenant.groupId)), {
      headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '10.7.7.7' },
    });
    await res.arrayBuffer();
    return { status: res.status, sql: seen };
  } finally {
    stop();
  }
}

describe('query budget of the hot calls', () => {
  it('each call runs at most its budget of statements, the same before and after the tenant grows', async () => {
    const before: Record<string, number> = {};
    for (const [path, budget] of BUDGET) {
      const r = await statementsOf(path);
      expect(r.status, path).toBe(200);
      expect(r.sql.length, `${path}:\n${r.sql.join('\n')}`).toBeLessThanOrEqual(budget);
      before[path] = r.sql.length;
    }
    await sql`insert into ${sql.table(tags)} (serial_number, company_id, enabled)
      select ${prefix} || g, ${tenant.companyId}::bigint, true from generate_series(1, 3000) g`.execute(
      baseDb(),
    );
    for (const [path] of BUDGET) expect((await statementsOf(path)).sql.length, path).toBe(before[path]);
  });

  it('no hot call counts the tenant’s tags without a cap', async () => {
    for (const [path] of BUDGET) {
      const { sql: statements } = await statementsOf(path);
      const scans = statements
        .map((s) => s.replace(/\s+/g, ' '))
        .filter(
          (s) =>
            /count\(\*\).* from "cg_\w+"\."tags"/i.test(s) && !/ limit (\$\d+|\d+)\)+ as "?capped\b/.test(s),
        );
      expect(scans, path).toEqual([]);
    }
  });
});
