/**
 * The maintenance report's list input (seed 001 §2 screen 2): the inspection report's filters
 * (`equipmentListSchema`) without the company and the due-date range, with the last-inspection
 * range and status replaced by the last-maintenance range.
 */
import { isoDateField } from '../fields.ts';
import { equipmentListSchema } from '../equipment/schemas.ts';
import { listSchema } from '../list.ts';

export const MAINTENANCE_REPORT_SORTS = [
  'createdAt',
  'product',
  'extraLabel',
  'lastMaintenance',
  'status',
] as const;

const f = equipmentListSchema.shape;
const optionalDate = isoDateField.optional();

export const maintenanceReportSchema = listSchema({
  sort: MAINTENANCE_REPORT_SORTS,
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
  filters: {
    status: f.status,
    enabledTagsOnly: f.enabledTagsOnly,
    categoryId: f.categoryId,
    inspectionTypeId: f.inspectionTypeId,
    productId: f.productId,
    createFrom: f.createFrom,
    createUpTo: f.createUpTo,
    lastMaintenanceFrom: optionalDate,
    lastMaintenanceUpTo: optionalDate,
    manufacturingDate: f.manufacturingDate,
    rechargeDate: f.rechargeDate,
    weighingDate: f.weighingDate,
  },
});
