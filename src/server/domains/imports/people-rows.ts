/** Outcomes of the organisations' chunk writers as the machinery takes them (companies and users kinds). */
import type { Parsed } from '../../../shared/imports/people.ts';
import type { TargetField } from '../../../shared/imports/schemas.ts';
import { withCore } from '../../db/database.ts';
import { type ImportCaller, importCallerOf, type RowOutcome } from '../organisations/index.ts';
import type { CheckedRow, ChunkWrite, ImportEnv, ImportKindDef, KindField } from './kinds.ts';

type CoreDb = ReturnType<typeof withCore>;

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

interface PeopleKindSpec<R> {
  kind: 'companies' | 'users';
  fields: readonly TargetField[];
  /** other header names the guessed mapping takes for each field */
  aliases: Record<string, string[]>;
  parse(cells: Record<string, string | undefined>): Parsed<R>;
  /** organisations' chunk writer: checks only (`write` false) or checks and writes */
  chunk(
    core: CoreDb,
    caller: ImportCaller,
    rows: { line: number; row: R }[],
    env: ImportEnv,
    write: boolean,
  ): Promise<RowOutcome[]>;
  key(row: R): string;
}

/**
 * A kind whose rules live in organisations (companies, users): the caller read once per file, the
 * row parsed by the shared rules, each chunk checked and written by the organisations' writer.
 */
export function peopleKind<R>(spec: PeopleKindSpec<R>): ImportKindDef<R | null, R, { caller: ImportCaller }> {
  const fields: KindField[] = spec.fields.map((f) => ({ ...f, aliases: spec.aliases[f.field] ?? [] }));
  return {
    kind: spec.kind,
    targetFields: async () => fields,
    requiredAnyOf: [],
    async prepare(env) {
      const { auth } = env.ctx;
      const core = withCore(auth.tenant);
      return { caller: await importCallerOf(core, auth.user.id, auth.companyGroup.id, spec.kind, env.ctx) };
    },
    parseRow(values) {
      const parsed = spec.parse(values);
      return parsed.ok ? { draft: parsed.row, problems: [] } : { draft: null, problems: parsed.problems };
    },
    async checkChunk(db, rows, prep, env) {
      const ok = rows.flatMap((r) => (r.draft ? [{ line: r.line, row: r.draft }] : []));
      return peopleCheckedRows(ok, await spec.chunk(withCore(db), prep.caller, ok, env, false), spec.key);
    },
    async writeChunk(trx, rows, prep, env) {
      return peopleChunkWrite(await spec.chunk(withCore(trx), prep.caller, [...rows], env, true));
    },
  };
}
