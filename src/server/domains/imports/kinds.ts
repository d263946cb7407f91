/**
 * What a kind of import is (issue 31): the machinery (upload, preview, mapping, dry run, the job,
 * bad rows, resuming) is the same for every kind; a kind says which fields its rows have and how a
 * row is read, checked against the tenant (one set-based lookup per chunk) and written (one
 * transaction per chunk). `equipment` is `kind-equipment.ts`; companies and users add a file each
 * and one line in `registry.ts`.
 */
import type { FieldProblem } from '../../../shared/imports/equipment-rows.ts';
import type { ImportKind, ImportMapping, TargetField } from '../../../shared/imports/schemas.ts';
import type { Ctx, Db, Trx } from '../../kit/tenant-tx.ts';

export type { FieldProblem } from '../../../shared/imports/equipment-rows.ts';

/** A target field with the other header names the guessed mapping recognises. */
export interface KindField extends TargetField {
  aliases?: readonly string[];
}

/** What every step knows of the import it serves. */
export interface ImportEnv {
  ctx: Ctx;
  kind: ImportKind;
  /** the default company of the rows (and the remembered mapping's owner); null: none given */
  companyId: number | null;
  /** the caller's language: problems' messages */
  lang: string;
  /** the day of the request in APP_TIME_ZONE (dates "not in the future") */
  today: string;
  mapping: ImportMapping;
  /** the target fields the mapping uses */
  mapped: ReadonlySet<string>;
}

/** A row read from its cells, before the tenant is asked. */
export interface DraftRow<D> {
  line: number;
  draft: D;
}

/** A row checked against the tenant: what to write, under its natural key, or why not. */
export type CheckedRow<R> =
  | { line: number; row: R; key: string }
  | { line: number; problems: FieldProblem[] };

export interface ChunkWrite {
  created: number;
  updated: number;
  skipped: number;
  failed: { line: number; problems: FieldProblem[] }[];
}

export interface ImportKindDef<D = unknown, R = unknown, P = unknown> {
  kind: ImportKind;
  /** The fields its rows may fill (labels in pt); `inspectionTypeId` narrows equipment's to one type (the template). */
  targetFields(ctx: Ctx, opts: { inspectionTypeId?: number | null }): Promise<KindField[]>;
  /** Groups of fields of which the mapping must name at least one (e.g. product SKU or name). */
  requiredAnyOf: readonly (readonly string[])[];
  /** Once per file, after the mapping is checked: what `parseRow` needs; may refuse the input (AppError). */
  prepare(env: ImportEnv, fields: readonly KindField[]): Promise<P>;
  /** One row's values by target field → a draft and what is wrong with its cells alone (pure). */
  parseRow(
    values: Readonly<Record<string, string>>,
    prep: P,
    env: ImportEnv,
  ): { draft: D; problems: FieldProblem[] };
  /** A chunk's drafts checked against the tenant with one query per lookup, whatever the chunk's size. */
  checkChunk(db: Db, rows: readonly DraftRow<D>[], prep: P, env: ImportEnv): Promise<CheckedRow<R>[]>;
  /**
   * The dry run only: the limits the write checks (the plan's room, a company's tags), estimated over
   * the file's rows in order, the room carried in `prep` from chunk to chunk: the rows past one, with
   * its code. The write checks again, under its locks.
   */
  dryRunLimits?(
    db: Db,
    rows: readonly { line: number; row: R }[],
    prep: P,
    env: ImportEnv,
  ): Promise<{ line: number; problems: FieldProblem[] }[]>;
  /** Writes a chunk's checked rows in the chunk's transaction, set-based. */
  writeChunk(
    trx: Trx,
    rows: readonly { line: number; row: R }[],
    prep: P,
    env: ImportEnv,
  ): Promise<ChunkWrite>;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds kinds of every draft and row type
export type AnyImportKind = ImportKindDef<any, any, any>;
