/** Outcomes of the organisations' chunk writers as the machinery takes them (companies and users kinds). */
import type { RowOutcome } from '../organisations/index.ts';
import type { CheckedRow, ChunkWrite } from './kinds.ts';

/** Each row's check: its problems, or the row under its natural key. */
export function peopleCheckedRows<R>(
  rows: readonly { line: number; row: R }[],
  outcomes: readonly RowOutcome[],
  key: (row: R) => string,
): CheckedRow<R>[] {
  return rows.map(({ line, row }, i) => {
    const o = outcomes[i]!;
    return o.outcome === 'failed' ? { line, problems: o.problems } : { line, row, key: key(row) };
  });
}

/** A written chunk's counts and failed rows. */
export function peopleChunkWrite(outcomes: readonly RowOutcome[]): ChunkWrite {
  const count = (o: RowOutcome['outcome']) => outcomes.filter((x) => x.outcome === o).length;
  return {
    created: count('created'),
    updated: count('updated'),
    skipped: count('skipped'),
    failed: outcomes
      .filter((o) => o.outcome === 'failed')
      .map((o) => ({ line: o.line, problems: o.problems })),
  };
}
