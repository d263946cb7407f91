/**
 * The steps every import shares (issue 31): a stored file opened for a kind with a checked mapping,
 * its rows read in chunks of IMPORT_CHUNK_ROWS (each row's cells by the mapping → the kind's
 * `parseRow`), a chunk checked against the tenant (`checkChunk`: one query per lookup) with the
 * file's natural keys held once (a second row of a key is IMPORT_DUPLICATE_ROW), and problems
 * told in the caller's language. The dry run and the job are both made of these.
 */
import { errorText } from '../../../shared/errors.ts';
import {
  IMPORT_MAX_ROWS,
  type ImportKind,
  type ImportMapping,
  type ImportProblem,
} from '../../../shared/imports/schemas.ts';
import { AppError } from '../../errors.ts';
import type { Ctx, Db } from '../../kit/tenant-tx.ts';
import type { AnyImportKind, FieldProblem, ImportEnv, KindField } from './kinds.ts';
import { checkMapping } from './mapping.ts';
import { openSheet, type Sheet } from './reader.ts';
import { importKind } from './registry.ts';
import type { StoredUpload } from './uploads.ts';

export const IMPORT_CHUNK_ROWS = 1000;

export interface ImportSession {
  def: AnyImportKind;
  env: ImportEnv;
  prep: unknown;
  headers: string[];
  fields: KindField[];
  /** target field → source header */
  columnOf: Map<string, string>;
}

/** A file opened for an import: its rows (to read once) and what the steps share. */
export async function openImport(
  ctx: Ctx,
  upload: StoredUpload,
  o: { kind: ImportKind; companyId: number | null; mapping: ImportMapping; lang: string; today: string },
): Promise<{ sheet: Sheet; session: ImportSession }> {
  const def = importKind(o.kind);
  const sheet = await openSheet(() => upload.open(), upload.format, upload.encoding);
  try {
    const fields = await def.targetFields(ctx, {});
    const { mapping, mapped } = checkMapping(def, fields, sheet.headers, o.mapping);
    const env: ImportEnv = {
      ctx,
      kind: o.kind,
      companyId: o.companyId,
      lang: o.lang,
      today: o.today,
      mapping,
      mapped,
    };
    const prep = await def.prepare(env, fields);
    const columnOf = new Map<string, string>();
    for (const [h, f] of Object.entries(mapping)) if (f) columnOf.set(f, h);
    return { sheet, session: { def, env, prep, headers: sheet.headers, fields, columnOf } };
  } catch (e) {
    await sheet.close();
    throw e;
  }
}

export interface ParsedRow {
  line: number;
  /** the row as it came, by source header */
  cells: Record<string, string>;
  draft: unknown;
  problems: FieldProblem[];
}

/**
 * The file's rows in chunks, each row read by the kind; the first `skip` data rows are passed over
 * unread (a resumed job). More than IMPORT_MAX_ROWS rows: 400 IMPORT_TOO_MANY_ROWS.
 */
export async function* parsedChunks(
  sheet: Sheet,
  s: ImportSession,
  skip = 0,
): AsyncGenerator<{ rows: ParsedRow[]; rowsBefore: number }> {
  let count = 0;
  let chunk: ParsedRow[] = [];
  let before = skip;
  for await (const r of sheet.rows) {
    count++;
    if (count > IMPORT_MAX_ROWS)
      throw new AppError('IMPORT_TOO_MANY_ROWS', { params: { max: IMPORT_MAX_ROWS } });
    if (count <= skip) continue;
    const values: Record<string, string> = {};
    for (const [field, header] of s.columnOf) values[field] = r.cells[header] ?? '';
    const { draft, problems } = s.def.parseRow(values, s.prep, s.env);
    chunk.push({ line: r.line, cells: r.cells, draft, problems });
    if (chunk.length >= IMPORT_CHUNK_ROWS) {
      yield { rows: chunk, rowsBefore: before };
      before += chunk.length;
      chunk = [];
    }
  }
  if (chunk.length) yield { rows: chunk, rowsBefore: before };
}

export type Verdict =
  | { line: number; cells: Record<string, string>; row: unknown; key: string }
  | { line: number; cells: Record<string, string>; problems: FieldProblem[] };

/**
 * A chunk checked against the tenant: rows with cell problems keep them; the others go through the
 * kind's `checkChunk`; a natural key already `seen` (by an earlier row of the file) is a duplicate.
 */
export async function checkChunk(
  db: Db,
  s: ImportSession,
  rows: ParsedRow[],
  seen: Map<string, number>,
): Promise<Verdict[]> {
  const clean = rows.filter((r) => r.problems.length === 0);
  const checked = clean.length
    ? await s.def.checkChunk(
        db,
        clean.map((r) => ({ line: r.line, draft: r.draft })),
        s.prep,
        s.env,
      )
    : [];
  const byLine = new Map(checked.map((c) => [c.line, c]));
  return rows.map((r): Verdict => {
    const c = byLine.get(r.line);
    if (!c) return { line: r.line, cells: r.cells, problems: r.problems };
    if ('problems' in c) return { line: r.line, cells: r.cells, problems: c.problems };
    const first = seen.get(c.key);
    if (first !== undefined)
      return {
        line: r.line,
        cells: r.cells,
        problems: [{ field: null, code: 'IMPORT_DUPLICATE_ROW', params: { line: first } }],
      };
    seen.set(c.key, r.line);
    return { line: r.line, cells: r.cells, row: c.row, key: c.key };
  });
}

/** A row's problems as the answer and the bad rows' file tell them. */
export function toProblems(
  s: ImportSession,
  line: number,
  cells: Record<string, string>,
  problems: FieldProblem[],
): ImportProblem[] {
  return problems.map((p) => {
    const column = p.field ? (s.columnOf.get(p.field) ?? null) : null;
    const params = p.params ?? {};
    return {
      line,
      column,
      value: column !== null ? (cells[column] ?? '') : null,
      code: p.code,
      message: errorText(p.code, s.env.lang, params) ?? errorText(p.code, 'pt', params) ?? p.code,
    };
  });
}

/** The "Motivo" cell: each problem as `Column: message`. */
export function reasonText(problems: readonly ImportProblem[]): string {
  return problems.map((p) => (p.column ? `${p.column}: ${p.message}` : p.message)).join('; ');
}

/** A dry run's verdicts with the kind's limits applied (`dryRunLimits`): the rows past one fail. */
export async function withDryRunLimits(db: Db, s: ImportSession, verdicts: Verdict[]): Promise<Verdict[]> {
  if (!s.def.dryRunLimits) return verdicts;
  const valid = verdicts.flatMap((v) => ('row' in v ? [{ line: v.line, row: v.row }] : []));
  if (valid.length === 0) return verdicts;
  const over = new Map((await s.def.dryRunLimits(db, valid, s.prep, s.env)).map((o) => [o.line, o.problems]));
  return verdicts.map((v) => {
    const problems = over.get(v.line);
    return problems ? { line: v.line, cells: v.cells, problems } : v;
  });
}
