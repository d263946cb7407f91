import type { Generated } from 'kysely';
import type { DefaultTimestamp } from '../../db/core-tables.ts';

/** One digest mail sent: (recipient, company, day) is unique (core migration 0801). */
export interface DueDigestTable {
  id: Generated<number>;
  user_id: number;
  company_group_id: number;
  company_id: number;
  /** the calendar day the digest is for, YYYY-MM-DD */
  day: string;
  email: string;
  language: string;
  /** equipment the digest counted */
  items: number;
  created_at: DefaultTimestamp;
}

export interface NotificationCoreTables {
  due_digests: DueDigestTable;
}

declare module '../../db/schema.ts' {
  // biome-ignore lint/suspicious/noEmptyInterface: merged with the database type
  interface CoreDatabase extends NotificationCoreTables {}
}
