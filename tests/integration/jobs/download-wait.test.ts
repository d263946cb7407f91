import { afterAll, describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { connected } from '../../../src/server/db/notifications.ts';
import { jobWaitsInFlight, waitForJob } from '../../../src/server/domains/jobs/service.ts';
import { insertJobRow } from '../../../src/server/jobs/queue.ts';
import { waitFor } from '../qr/helpers.ts';

afterAll(async () => {
  await coreDb().deleteFrom('jobs').where('type', '=', 'test-download-wait').execute();
});

describe('a download waiting for its job (issue 26 item 18: the record XLSX took 4.3 s)', () => {
  it('wakes on the job row’s committed change, not at the next step of its back-off poll', async () => {
    const id = await insertJobRow('test-download-wait', {}, { companyGroupId: null });
    await coreDb().updateTable('jobs').set({ state: 'active' }).where('id', '=', id).execute();
    // LISTEN in place first: without it the wait keeps its poll steps short (250 ms) by design.
    await waitFor(async () => (connected() ? true : undefined), 10_000, 10);
    const started = Date.now();
    // A poll of a minute: once the wait has read the job and sleeps, only the notification can end
    // it within the test's time.
    const waiting = waitForJob(id, 120_000, undefined, { firstMs: 60_000, maxMs: 60_000 });
    await waitFor(async () => (jobWaitsInFlight() > 0 ? true : undefined), 10_000, 10);
    await coreDb()
      .updateTable('jobs')
      .set({ state: 'completed', finished_at: new Date() })
      .where('id', '=', id)
      .execute();
    const job = await waiting;
    expect(job.state).toBe('completed');
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
