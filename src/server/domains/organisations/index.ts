/**
 * The organisations domain's public file (issue 27 item 2): the only module of this folder another domain
 * may import (tests/unit/domain-order.test.ts). What a group's plan and payment state refuse (checks
 * the domains that register equipment and generate QR batches make).
 */
export { equipmentRoom, requireEquipmentRoom, requirePaymentNotBlocked } from './plan-limits.ts';
export { importCompaniesChunk, type ImportOutcome, type RowOutcome } from './company-import.ts';
export { type ImportCaller, importCallerOf, matchCompanies } from './import-caller.ts';
export { importUsersChunk } from './user-import.ts';
