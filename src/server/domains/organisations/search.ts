import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { SEARCH_SUBSTRING_THRESHOLD } from '../../../shared/text.ts';

/**
 * Accent- and case-insensitive match of `query` on any of `columns` (conventions: substring from
 * 3 characters, exact below), written so the `core.search_text(...)` trigram indexes apply.
 */
export function searchAny(columns: Expression<unknown>[], query: string): RawBuilder<SqlBool> {
  const q = query.trim();
  const parts = columns.map((col) =>
    q.length < SEARCH_SUBSTRING_THRESHOLD
      ? sql<SqlBool>`core.search_text(${col}) = core.search_text(${q})`
      : sql<SqlBool>`core.search_text(${col}) like '%' || core.search_text(${q}) || '%'`,
  );
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

export function pageOf<T>(items: (T & { total?: number })[], page: number, pageSize: number) {
  const total = items[0]?.total ?? 0;
  return { items: items.map(({ total: _t, ...rest }) => rest as T), total: Number(total), page, pageSize };
}
