import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/core-tables.ts';

/** Page views (issue 18, core migration 0701): each view, and the daily counts the usage page reads. */
export interface PageViewTable {
  id: Generated<number>;
  viewed_at: Timestamp;
  route: string;
  user_id: number;
  company_group_id: number | null;
  company_id: number | null;
  role: string;
}

export interface PageViewDayTable {
  /** YYYY-MM-DD in APP_TIME_ZONE */
  day: ColumnType<string, string, string>;
  route: string;
  company_group_id: number | null;
  company_id: number | null;
  views: number;
}

export interface AnalyticsCoreTables {
  page_views: PageViewTable;
  page_view_days: PageViewDayTable;
}

declare module '../../db/schema.ts' {
  // biome-ignore lint/suspicious/noEmptyInterface: merged with the database type
  interface CoreDatabase extends AnalyticsCoreTables {}
}
