import { describe, expect, it } from 'vitest';
import { rest } from '../../helpers/api.ts';

describe('GET /ready on the migrated test database', () => {
  it('answers 200 when Postgres and Redis answer and every migration has run', async () => {
    const r = await rest<{ checks: Record<string, string> }>('GET', '/ready');
    expect(r.status).toBe(200);
    expect(r.json.data?.checks).toEqual({ postgres: 'ok', redis: 'ok', migrations: 'current' });
    // Liveness stays as it was.
    expect((await rest('GET', '/health')).status).toBe(200);
  });
});
