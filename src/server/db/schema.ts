/**
 * The typed shape of both schemas. Each domain declares its tables in `domains/<d>/tables.ts`
 * and they are merged here, so adding a domain touches one line.
 */
import type { FoundationCoreTables } from './core-tables.ts';
import type { CatalogueTables } from '../domains/catalogue/tables.ts';
import type { EquipmentTables } from '../domains/equipment/tables.ts';
import type { QrCoreTables, QrTenantTables } from '../domains/qr/tables.ts';
import type { AccountCoreTables } from '../domains/account/tables.ts';
import type { OrganisationCoreTables } from '../domains/organisations/tables.ts';
import type { ServiceOrderTables } from '../domains/service-orders/tables.ts';
import type { BillingCoreTables } from '../domains/billing/tables.ts';

export interface CoreDatabase
  extends FoundationCoreTables,
    QrCoreTables,
    AccountCoreTables,
    OrganisationCoreTables,
    BillingCoreTables {}

export interface TenantInfoTable {
  key: string;
  value: string;
}

export interface TenantDatabase extends CatalogueTables, EquipmentTables, QrTenantTables, ServiceOrderTables {
  tenant_info: TenantInfoTable;
}
