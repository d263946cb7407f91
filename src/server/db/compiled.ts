/**
 * Hot queries whose shape never changes, built and compiled once (issue 12): building a Kysely
 * query and its `withSchema` pass took about a fifth of a signed-in call's CPU. `build` is called
 * once with marker values; every call then runs the same SQL with its own values in the markers'
 * places — the statement is also the same text each time, so db/prepared.ts keeps it prepared.
 */
import { type Compilable, CompiledQuery, type Kysely } from 'kysely';

class Marker {
  constructor(readonly slot: number) {}
}

export function compiledOnce<Args extends unknown[], Row>(
  db: () => Kysely<unknown>,
  arity: Args['length'],
  build: (...markers: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  let compiled: { sql: string; parameters: readonly unknown[] } | undefined;
  return async (...args) => {
    compiled ??= build(...(Array.from({ length: arity }, (_, i) => new Marker(i)) as Args)).compile();
    const parameters = compiled.parameters.map((p) => (p instanceof Marker ? args[p.slot] : p));
    const result = await db().executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}

/**
 * A value a statement compiled once per shape (`compiledList`, kit/list.ts) holds as a parameter:
 * the SQL is built with a `Slot` in the value's place, and each call fills it from its own input.
 */
export class Slot {
  constructor(readonly pick: (input: Record<string, unknown>) => unknown) {}
}
