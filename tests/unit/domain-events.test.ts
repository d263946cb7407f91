import { describe, expect, it } from 'vitest';
import {
  defineEvent,
  on,
  publish,
  registerSubscriptions,
  subscriptionCounts,
} from '../../src/server/kit/events.ts';

/**
 * The in-transaction domain events of kit/events.ts: handlers run one after the other in the
 * registry's order of domains and then in each domain's order, their answers come back to the
 * publisher, an error reaches it (its transaction rolls back), and publishing before the registry
 * registered anything is refused rather than silently skipping side effects.
 */
describe('domain events', () => {
  const happened = defineEvent<{ n: number }, { seen: string }, string[], null>('test.happened');
  const other = defineEvent<{ n: number }, void, string[], null>('test.other');

  it('refuses to publish before the registry has registered the subscriptions', async () => {
    await expect(publish([], null, happened, { n: 1 })).rejects.toThrow(
      /before src\/server\/domains\.ts registered/,
    );
  });

  it('refuses a name declared twice', () => {
    expect(() => defineEvent('test.happened')).toThrow(/declared twice/);
  });

  it("runs the handlers in the registry's order, then the domain's, and answers their values", async () => {
    registerSubscriptions({
      low: {},
      middle: {
        subscribes: [
          on(happened, async (log, _ctx, p) => {
            log.push(`middle 1: ${p.n}`);
            return { seen: 'middle' };
          }),
          on(other, async (log) => {
            log.push('middle other');
          }),
          on(happened, async (log) => {
            log.push('middle 2');
            return undefined;
          }),
        ],
      },
      high: {
        subscribes: [
          on(happened, async (log) => {
            log.push('high');
            return { seen: 'high' };
          }),
        ],
      },
    });
    const log: string[] = [];
    expect(await publish(log, null, happened, { n: 7 })).toEqual([{ seen: 'middle' }, { seen: 'high' }]);
    expect(log).toEqual(['middle 1: 7', 'middle 2', 'high']);
    expect(subscriptionCounts()).toEqual({ 'test.happened': 3, 'test.other': 1 });
  });

  it("stops at a handler's error and hands it to the publisher (whose transaction rolls back)", async () => {
    registerSubscriptions({
      a: {
        subscribes: [
          on(other, async () => {
            throw new Error('refused');
          }),
          on(other, async (log) => {
            log.push('never');
          }),
        ],
      },
    });
    const log: string[] = [];
    await expect(publish(log, null, other, { n: 1 })).rejects.toThrow('refused');
    expect(log).toEqual([]);
  });
});
