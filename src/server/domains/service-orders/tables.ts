import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { OsStatus } from '../../../shared/enums.ts';
import type { OsType, Priority } from '../../../shared/service-orders/schemas.ts';
import type { DefaultTimestamp } from '../../db/core-tables.ts';

/** A calendar day: read as `YYYY-MM-DD` (the pg type parser keeps dates as text). */
type Day = ColumnType<string, string, string>;
type NullableDay = ColumnType<string | null, string | null | undefined, string | null>;

/** See migrations/tenant/0401_service_orders.ts. */
export interface ServiceOrderCounterTable {
  company_id: number;
  last_number: Generated<number>;
}

export interface ServiceOrderTable {
  id: Generated<number>;
  company_id: number;
  /** sequential per company (`service_order_counters`) */
  number: number;
  start_date: Day;
  end_date: NullableDay;
  request_user_id: number | null;
  request_user_name: string | null;
  responsible_user_id: number | null;
  responsible_user_name: string | null;
  priority: Priority;
  type: OsType;
  status: Generated<OsStatus>;
  observation: string | null;
  items_count: Generated<number>;
  completed_count: Generated<number>;
  auto_opened: Generated<boolean>;
  /** stored search document (generated): number, observation, requester and responsible names */
  search: GeneratedAlways<string>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface ServiceOrderItemTable {
  id: Generated<number>;
  service_order_id: number;
  equipment_id: number;
  position: Generated<number>;
  responsible_user_id: number | null;
  responsible_user_name: string | null;
  completion_date: NullableDay;
  /** copies of the order's type and open state (PENDING/PARTIAL), kept by the service */
  order_type: OsType;
  order_open: Generated<boolean>;
}

export interface ServiceOrderTables {
  service_order_counters: ServiceOrderCounterTable;
  service_orders: ServiceOrderTable;
  service_order_items: ServiceOrderItemTable;
}

declare module '../../db/schema.ts' {
  // biome-ignore lint/suspicious/noEmptyInterface: merged with the database type
  interface TenantDatabase extends ServiceOrderTables {}
}
