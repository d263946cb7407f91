import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { VisitIntervalUnit } from '../../../shared/visits/schemas.ts';
import type { DefaultTimestamp, Timestamp } from '../../db/core-tables.ts';

/** A calendar day: read as `YYYY-MM-DD` (the pg type parser keeps dates as text). */
type Day = ColumnType<string, string, string>;

/** See migrations/tenant/1311_visit_plans.ts. */
export interface VisitPlanTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  interval_value: number;
  interval_unit: VisitIntervalUnit;
  first_date: Day;
  start_time: string | null;
  end_time: string | null;
  technician_id: number;
  technician_name: string | null;
  active: Generated<boolean>;
  horizon_days: Generated<number>;
  generate_from: Day;
  search: GeneratedAlways<string>;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface VisitTable {
  id: Generated<number>;
  plan_id: number;
  company_id: number;
  planned_date: Day;
  date: Day;
  technician_id: number;
  technician_name: string | null;
  manual: Generated<boolean>;
  closed_status: 'DONE' | 'PARTIAL' | null;
  closed_at: Timestamp | null;
  closed_by: number | null;
  missing_count: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface VisitMissingTable {
  visit_id: number;
  equipment_id: number;
  cycles: string[];
}

export interface VisitTables {
  visit_plans: VisitPlanTable;
  visits: VisitTable;
  visit_missing: VisitMissingTable;
}

declare module '../../db/schema.ts' {
  // biome-ignore lint/suspicious/noEmptyInterface: merged with the database type
  interface TenantDatabase extends VisitTables {}
}
