import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PREPARED_PER_CONNECTION, prepareStatements, preparedCache } from '../../src/server/db/prepared.ts';

/** A client that records what it was asked to send (named or not), and pg's parsed-statement map. */
function fakeClient() {
  const sent: { name?: string; text: string }[] = [];
  const parsedStatements: Record<string, string> = {};
  const client = {
    connection: { parsedStatements },
    query(q: unknown, _values?: unknown) {
      if (typeof q === 'string') sent.push({ text: q });
      else {
        const { name, text } = q as { name: string; text: string };
        sent.push({ name, text });
        parsedStatements[name] = text;
      }
      return Promise.resolve({ rows: [] });
    },
  };
  prepareStatements(client as unknown as pg.PoolClient);
  return { client, sent, parsedStatements };
}

describe('prepared statements per connection (issue 33)', () => {
  it('names a text on its second run only', async () => {
    const { client, sent } = fakeClient();
    await client.query('select $1::int', [1]);
    expect(sent.at(-1)!.name).toBeUndefined();
    await client.query('select $1::int', [1]);
    const name = sent.at(-1)!.name;
    expect(name).toMatch(/^k/);
    await client.query('select $1::int', [1]);
    expect(sent.at(-1)!.name).toBe(name);
  });

  it('keeps at most PREPARED_PER_CONNECTION names, deallocating the least recently used', async () => {
    const { client, sent, parsedStatements } = fakeClient();
    const hot = 'select $1::int as hot';
    const text = (i: number) => `select $1::int from "cg_t${i}".equipment`;
    for (let i = 0; i < PREPARED_PER_CONNECTION + 30; i++) {
      await client.query(text(i), [1]);
      await client.query(text(i), [1]);
      await client.query(hot, [1]);
      await client.query(hot, [1]);
    }
    const stats = preparedCache(client)!;
    expect(stats.size).toBe(PREPARED_PER_CONNECTION);
    expect(stats.evicted).toBe(31);
    const deallocated = sent.filter((q) => q.text.startsWith('deallocate'));
    expect(deallocated).toHaveLength(31);
    // pg forgets them too (else it would skip Parse for a name the server no longer has).
    expect(Object.keys(parsedStatements)).toHaveLength(PREPARED_PER_CONNECTION);
    // The hot text was never evicted: still the same name.
    const hotNames = new Set(sent.filter((q) => q.text === hot && q.name).map((q) => q.name));
    expect(hotNames.size).toBe(1);
    // A text evicted and seen again gets a new name (names are never reused on a connection).
    await client.query(text(0), [1]);
    await client.query(text(0), [1]);
    const names = sent.filter((q) => q.text === text(0) && q.name).map((q) => q.name);
    expect(new Set(names).size).toBe(2);
  });
});
