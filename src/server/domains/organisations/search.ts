import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { searchCondition } from '../../db/search.ts';

/** Accent- and case-insensitive match of `query` on any of `columns` (see db/search.ts). */
export function searchAny(columns: Expression<unknown>[], query: string): RawBuilder<SqlBool> {
  return searchCondition(query, columns) ?? sql<SqlBool>`true`;
}

export function pageOf<T>(items: (T & { total?: number })[], page: number, pageSize: number) {
  const total = items[0]?.total ?? 0;
  return { items: items.map(({ total: _t, ...rest }) => rest as T), total: Number(total), page, pageSize };
}
