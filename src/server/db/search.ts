import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { SEARCH_SUBSTRING_THRESHOLD } from '../../shared/text.ts';

/**
 * The product's text search (seed 001 §5): accent- and case-insensitive, fewer than 3 characters
 * match the whole value, 3 or more a substring, on any of `columns`. Written against
 * `core.search_text(col)` so the trigram GIN indexes serve it. Null when there is nothing to match.
 */
export function searchCondition(
  query: string | undefined | null,
  columns: Expression<unknown>[],
): RawBuilder<SqlBool> | null {
  const q = query?.trim();
  if (!q) return null;
  // LIKE metacharacters typed by the user are literal.
  const escaped = q.replace(/[\\%_]/g, (m) => `\\${m}`);
  const parts = columns.map((col) =>
    q.length < SEARCH_SUBSTRING_THRESHOLD
      ? sql<SqlBool>`core.search_text(${col}) = core.search_text(${q})`
      : sql<SqlBool>`core.search_text(${col}) like '%' || core.search_text(${escaped}) || '%'`,
  );
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
