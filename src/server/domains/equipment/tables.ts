/** Tenant tables of the equipment domain (equipments, inspections, maintenances, snapshots). */
// biome-ignore lint/suspicious/noEmptyInterface: extended by the equipment issue
export interface EquipmentTables {}
