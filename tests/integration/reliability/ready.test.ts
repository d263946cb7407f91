import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { baseDb } from '../../../src/server/db/database.ts';
import { pendingMigrations } from '../../../src/server/db/migrate.ts';
import { rest } from '../../helpers/api.ts';

describe('GET /ready on the migrated test database', () => {
  it('answers 200 when Postgres and Redis answer and every migration has run', async () => {
    // Other files of the run create and drop groups in this database meanwhile, and a group caught
    // between its steps reads as behind for a moment: wait (bounded) for a 200, and on a timeout say
    // which schemas the runner counts as behind (the answer only says "pending").
    const until = Date.now() + 20_000;
    let r = await rest<{ checks: Record<string, string> }>('GET', '/ready');
    while (r.status !== 200 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      r = await rest<{ checks: Record<string, string> }>('GET', '/ready');
    }
    const behind = r.status === 200 ? [] : await pendingMigrations();
    // On a timeout, what the behind groups are: their rows and their version rows.
    const rows = behind.length
      ? (
          await sql`select g.id, g.name, g.schema_name, g.created_at, g.purge_after, v.migrations, v.last_migration, v.updated_at
            from core.company_groups g left join core.tenant_schema_versions v on v.schema_name = 'cg_' || g.schema_name
            where 'cg_' || g.schema_name in (${sql.join(behind.map((b) => b.schema))})`.execute(baseDb())
        ).rows
      : [];
    expect({ status: r.status, behind: behind.map((p) => p.schema), rows }).toEqual({
      status: 200,
      behind: [],
      rows: [],
    });
    expect(r.json.data?.checks).toEqual({ postgres: 'ok', redis: 'ok', migrations: 'current' });
    // Liveness stays as it was.
    expect((await rest('GET', '/health')).status).toBe(200);
  });
});
