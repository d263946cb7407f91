/**
 * The equipment domain's public file (issue 27 item 2): the only module of this folder another domain
 * may import (tests/unit/domain-order.test.ts). Its events, and the loaders and report filters the domains
 * above build on (field's offline forms, reports, documents, the dashboard, notifications).
 */
export {
  type EquipmentInspected,
  type EquipmentMaintained,
  equipmentInspected,
  equipmentMaintained,
  equipmentRecordsListed,
  equipmentRegistered,
  type RecordsAttachments,
  type RecordProbe,
  type RecordsListed,
  equipmentStatusChanged,
} from './events.ts';
export { lastRecordsOf, loadEquipment } from './dto.ts';
export { equipmentReportPage } from './list.ts';
export { equipmentIdOnTag } from './lookup.ts';
export { productsWithType } from './product-rules.ts';
export {
  inspectionQuestionsByType,
  inspectionRecordById,
  maintenanceQuestionsByType,
  maintenanceRecordById,
  productPartsOf,
  type RecordOwner,
} from './records.ts';
export { enabledTypeAttributes, fieldProducts, toFieldProduct } from './register.ts';
export {
  type EquipmentReportFilters,
  equipmentReportBase,
  equipmentReportSorts,
  equipmentReportWhere,
  type ReportSpec,
} from './report-filters.ts';
export { expirationIs, statusColumns } from './status-sql.ts';
export {
  cyclesOfEquipment,
  dueCycleCodes,
  dueEquipmentCounts,
  earliestCycleDue,
  equipmentDueBy,
  equipmentWithTag,
  hasCycleDueBy,
  visitEquipmentColumns,
} from './due-cycles.ts';
export { type BulkEquipmentRow, type BulkOutcome, bulkRegisterEquipment } from './bulk-register.ts';
export {
  type ImportExisting,
  type ImportProduct,
  type ImportTag,
  importExisting,
  importProducts,
  importTags,
} from './import-lookups.ts';
export { typeAttributes } from './attributes.ts';
