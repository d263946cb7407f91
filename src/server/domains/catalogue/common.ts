import { type Kysely, sql } from 'kysely';
import { MAX_CUSTOM_ANSWERS } from '../../../shared/catalogue/enums.ts';
import { listRowErrors } from '../../../shared/catalogue/list-rules.ts';
import { AppError } from '../../errors.ts';

import type { Ctx, Trx } from '../../kit/tenant-tx.ts';

// The kit's one tenant transaction (with its after-commit callbacks) and types.
export { type Ctx, type Db, inTenantTx, type Trx } from '../../kit/tenant-tx.ts';

export const isProvider = (ctx: Ctx) => ctx.auth.role === 'MOBCHECK_ADMIN';

export { isUniqueViolation } from '../../db/pg-errors.ts';

/** Specification of one editable list table (rows disabled, never deleted). */
export interface ListSpec {
  table:
    | 'category_inspection_attributes'
    | 'category_maintenance_attributes'
    | 'inspection_questions'
    | 'maintenance_questions'
    | 'inspection_type_attributes'
    | 'inspection_custom_answers'
    | 'maintenance_parts';
  parent: string;
  /** Column holding the row's text, and the input field carrying it. */
  text: string;
  field: string;
  /** Other columns copied from the input under the same name. */
  extra: string[];
  /** Other columns copied from input fields of another name (column → field). */
  renamed?: Readonly<Record<string, string>>;
  max?: number;
}

/** A row of any list: its id when stored, its enabled flag, its text and extra columns. */
export type ListRow = { id?: number; enabled: boolean } & Record<string, unknown>;

/**
 * Saves a full list for one parent inside the caller's transaction. Rows with an id are updated
 * (never deleted; rows left out of the payload stay as they are), rows without one are inserted.
 * The merged list must be filled in and distinct, and within `max`. Returns the ids in payload order.
 */
export async function saveList(
  trx: Trx,
  spec: ListSpec,
  parentId: number,
  rows: ListRow[],
  path: string,
): Promise<number[]> {
  // The list tables differ only by column names, so one untyped helper serves them all.
  // biome-ignore lint/suspicious/noExplicitAny: table and column names come from the LISTS specs
  const db = trx as unknown as Kysely<any>;
  // biome-ignore lint/suspicious/noExplicitAny: rows of any list table
  const existing: Record<string, any>[] = await db
    .selectFrom(spec.table)
    .selectAll()
    .where(spec.parent, '=', parentId)
    .orderBy('position')
    .orderBy('id')
    .forUpdate()
    .execute();
  const byId = new Map(existing.map((r) => [r.id as number, r]));
  const issues: { path: string; message: string }[] = [];
  rows.forEach((r, i) => {
    if (r.id !== undefined && !byId.has(r.id)) issues.push({ path: `${path}.${i}.id`, message: 'NOT_FOUND' });
  });
  if (issues.length) throw new AppError('CATALOGUE_LIST_INVALID', { issues });
  const sent = new Set(rows.map((r) => r.id).filter((x) => x !== undefined));
  const kept = existing.filter((r) => !sent.has(r.id));
  const errors = listRowErrors([
    ...rows.map((r) => String(r[spec.field] ?? '')),
    ...kept.map((r) => String(r[spec.text])),
  ]);
  errors.slice(0, rows.length).forEach((e, i) => {
    if (e) issues.push({ path: `${path}.${i}.${spec.field}`, message: e });
  });
  if (issues.length) throw new AppError('CATALOGUE_LIST_INVALID', { issues });
  if (spec.max !== undefined && rows.length + kept.length > spec.max) {
    throw new AppError('CUSTOM_ANSWERS_LIMIT', {
      params: { max: spec.max },
      issues: [{ path, message: 'LIMIT' }],
    });
  }

  const ids: number[] = [];
  for (const [i, r] of rows.entries()) {
    const values: Record<string, unknown> = {
      [spec.text]: String(r[spec.field]).trim(),
      enabled: r.enabled,
      position: i,
    };
    for (const col of spec.extra) values[col] = r[col];
    for (const [col, field] of Object.entries(spec.renamed ?? {})) values[col] = r[field];
    if (r.id !== undefined) {
      const old = byId.get(r.id)!;
      if (Object.entries(values).some(([k, v]) => old[k] !== v)) {
        await db
          .updateTable(spec.table)
          .set({ ...values, updated_at: sql`now()` })
          .where('id', '=', r.id)
          .execute();
      }
      ids.push(r.id);
    } else {
      const row = await db
        .insertInto(spec.table)
        .values({ ...values, [spec.parent]: parentId })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id as number);
    }
  }
  // Rows left out keep their order after the sent ones.
  for (const [j, r] of kept.entries()) {
    if (r.position !== rows.length + j) {
      await db
        .updateTable(spec.table)
        .set({ position: rows.length + j })
        .where('id', '=', r.id)
        .execute();
    }
  }
  return ids;
}

export const LISTS = {
  categoryInspectionAttributes: {
    table: 'category_inspection_attributes',
    parent: 'category_id',
    text: 'name',
    field: 'name',
    extra: [],
  },
  categoryMaintenanceAttributes: {
    table: 'category_maintenance_attributes',
    parent: 'category_id',
    text: 'name',
    field: 'name',
    extra: [],
  },
  inspectionQuestions: {
    table: 'inspection_questions',
    parent: 'inspection_type_id',
    text: 'question',
    field: 'question',
    extra: ['type'],
    renamed: { opens_service_order: 'opensServiceOrder' },
  },
  maintenanceQuestions: {
    table: 'maintenance_questions',
    parent: 'inspection_type_id',
    text: 'question',
    field: 'question',
    extra: ['type'],
  },
  inspectionTypeAttributes: {
    table: 'inspection_type_attributes',
    parent: 'inspection_type_id',
    text: 'attribute',
    field: 'attribute',
    extra: ['type'],
  },
  customAnswers: {
    table: 'inspection_custom_answers',
    parent: 'inspection_question_id',
    text: 'answer',
    field: 'answer',
    extra: ['type'],
    max: MAX_CUSTOM_ANSWERS,
  },
  maintenanceParts: {
    table: 'maintenance_parts',
    parent: 'product_id',
    text: 'name',
    field: 'name',
    extra: ['unit'],
  },
} as const satisfies Record<string, ListSpec>;
