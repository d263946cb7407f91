import { describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { insertJobRow } from '../../../src/server/jobs/queue.ts';
import { loginAs, rest, testApp, trpcClient } from '../../helpers/api.ts';
import { otherGroup, PASSWORD } from '../organisations/fixtures.ts';

/** The job center's search treats `%`, `_` and `\` as literal text, like every other list. */
describe('job search with LIKE metacharacters', () => {
  testApp();

  it('matches the typed characters literally (REST and tRPC)', async () => {
    const g = await otherGroup();
    const admin = await coreDb()
      .selectFrom('users')
      .select('id')
      .where('email', '=', g.email)
      .executeTakeFirstOrThrow();
    for (const type of ['qr-pdf', 'qr_pdf']) {
      await insertJobRow(
        type,
        {},
        {
          companyGroupId: g.companyGroupId,
          companyId: g.companyId,
          requestedBy: admin.id,
        },
      );
    }
    const token = await loginAs(g.email, PASSWORD);
    const types = async (query: string) => {
      const r = await rest<{ items: { type: string }[]; total: number }>(
        'GET',
        `/web/jobs/?query=${encodeURIComponent(query)}`,
        { token },
      );
      expect(r.status).toBe(200);
      return r.json.data!.items.map((j) => j.type).sort();
    };
    expect(await types('%')).toEqual([]);
    expect(await types('qr_')).toEqual(['qr_pdf']);
    expect(await types('qr-')).toEqual(['qr-pdf']);
    // The product's search (seed 001 §5): 3+ characters match a substring, fewer the whole value.
    expect(await types('pdf')).toEqual(['qr-pdf', 'qr_pdf']);
    expect(await types('qr')).toEqual([]);
    const t = await trpcClient(token).jobs.list.query({
      page: 0,
      pageSize: 10,
      direction: 'asc',
      query: '_r',
    });
    expect(t.total).toBe(0);
  });
});
