import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { SEARCH_SUBSTRING_THRESHOLD } from '../../shared/text.ts';
import { Slot } from './compiled.ts';

/**
 * A search text filled per call (a list compiled once per shape, kit/list.ts `compiledList`): its
 * kind — whole value (fewer than 3 characters) or substring — is fixed by the shape, the text
 * itself is a parameter.
 */
export class SearchSlot {
  /** the trimmed text */
  readonly text: Slot;
  /** the trimmed text with LIKE metacharacters escaped */
  readonly escaped: Slot;
  constructor(
    readonly whole: boolean,
    trimmed: (input: Record<string, unknown>) => string,
  ) {
    this.text = new Slot(trimmed);
    this.escaped = new Slot((i) => escapeLike(trimmed(i)));
  }
}

/** LIKE metacharacters typed by the user are literal. */
const escapeLike = (q: string) => q.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * How a condition hands the search text to Postgres. `'planned'` (the default): as an expression of
 * the parameter, which Postgres folds to a constant when it plans a statement for the call's own
 * value — it estimates how many rows match and picks the plan (a rare word: the trigram index; a
 * common one: the sort's index with the match as a filter), at the cost of planning every call.
 * `'opaque'`: computed once per execution in a sub-select (an InitPlan), so no plan depends on the
 * text and a prepared statement keeps one generic plan (kit/list.ts uses it for a text the count
 * says matches many rows). Same rows either way.
 */
export type SearchPlan = 'planned' | 'opaque';

/** The search text's trimmed value, its escaped form and kind; null when there is nothing to match. */
function searchParts(query: string | SearchSlot | undefined | null) {
  if (query instanceof SearchSlot) return { text: query.text, escaped: query.escaped, whole: query.whole };
  const q = query?.trim();
  if (!q) return null;
  return { text: q, escaped: escapeLike(q), whole: q.length < SEARCH_SUBSTRING_THRESHOLD };
}

/**
 * The product's text search (seed 001 §5): accent- and case-insensitive, fewer than 3 characters
 * match the whole value, 3 or more a substring, on any of `columns`. Written against
 * `core.search_text(col)` so the trigram GIN indexes serve it. Null when there is nothing to match.
 */
export function searchCondition(
  query: string | SearchSlot | undefined | null,
  columns: Expression<unknown>[],
  plan: SearchPlan = 'planned',
): RawBuilder<SqlBool> | null {
  const s = searchParts(query);
  if (!s) return null;
  const value = comparedValue(
    plan,
    s.whole ? sql`core.search_text(${s.text})` : sql`'%' || core.search_text(${s.escaped}) || '%'`,
  );
  const parts = columns.map((col) =>
    s.whole
      ? sql<SqlBool>`core.search_text(${col}) = ${value}`
      : sql<SqlBool>`core.search_text(${col}) like ${value}`,
  );
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/**
 * A row's stored search document: its searched fields, each passed through `core.search_text`,
 * between `|` separators (`|abc123|extintor 4 kg|ext-4|`), so one trigram GIN index on the column
 * serves the search and a short query can still match one *whole* field. Keep it up to date on
 * every write of the fields (e.g. `UPDATE … SET search = searchDocument([...])`).
 */
export function searchDocument(parts: Expression<unknown>[]): RawBuilder<string> {
  // `'|' || concat_ws('|', …) || '|'` built from immutable operators only: concat_ws is stable,
  // and Citus refuses a stable function over columns in an UPDATE (issue 28). Same text: each
  // present field followed by `|`, and `||` when every field is null.
  const fields = sql.join(
    parts.map((p) => sql`coalesce(${p}::text || '|', '')`),
    sql` || `,
  );
  return sql<string>`core.search_text('|' || coalesce(nullif(${fields}, ''), '|'))`;
}

/**
 * `searchCondition` over a stored search document (`searchDocument`): the same rule — fewer than 3
 * characters match one field's whole value, 3 or more a substring of any field — written on the
 * column itself so its `gin (col gin_trgm_ops)` index serves both. Null when there is nothing to match.
 */
export function documentSearchCondition(
  query: string | SearchSlot | undefined | null,
  column: Expression<unknown>,
  plan: SearchPlan = 'planned',
): RawBuilder<SqlBool> | null {
  const s = searchParts(query);
  if (!s) return null;
  const pattern = s.whole
    ? sql`'%|' || core.search_text(${s.escaped}) || '|%'`
    : sql`'%' || core.search_text(${s.escaped}) || '%'`;
  return sql<SqlBool>`${column} like ${comparedValue(plan, pattern)}`;
}

/** The compared value as the plan asks: the expression itself, or its value from a sub-select. */
const comparedValue = (plan: SearchPlan, value: RawBuilder<unknown>) =>
  plan === 'opaque' ? sql`(select ${value})` : value;
