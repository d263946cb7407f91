/**
 * The dashboard's counters, kept by triggers (tenant migration 0601); read only. A key's count is
 * the sum of its rows: writers add to their own `slot` (tenant migration 1521), so concurrent
 * inspections of one company do not queue on one row.
 */
export interface DashboardTotalsTable {
  company_id: number;
  slot: number;
  equipment: number;
  inspections: number;
}
export interface DashboardInspectedDaysTable {
  company_id: number;
  /** the equipment's last-inspection day (APP_TIME_ZONE), YYYY-MM-DD */
  day: string;
  slot: number;
  equipment: number;
}
export interface DashboardEquipmentStatesTable {
  company_id: number;
  state: 'NA' | 'IMPROPER' | 'OK';
  /** OK rows: the earlier of the next-inspection and due dates ('infinity' without either) */
  expires_on: string;
  slot: number;
  equipment: number;
}

export interface DashboardTables {
  dashboard_totals: DashboardTotalsTable;
  dashboard_inspected_days: DashboardInspectedDaysTable;
  dashboard_equipment_states: DashboardEquipmentStatesTable;
}

declare module '../../db/schema.ts' {
  // biome-ignore lint/suspicious/noEmptyInterface: merged with the database type
  interface TenantDatabase extends DashboardTables {}
}
