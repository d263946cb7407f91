/**
 * The equipment feature: no page of its own — the equipment dialog and the record lists that
 * other features' screens open (/tags, the field history, the reports).
 */
import './i18n.ts';

/** The dialog with general information, inspections or maintenances, and modifications. */
export { EquipmentDialog, type EquipmentDialogProps } from './equipment-dialog.tsx';
/** The record lists (inspections, maintenances, snapshots) of one equipment. */
export { InspectionRecords, MaintenanceRecords, SnapshotRecords } from './records.tsx';
