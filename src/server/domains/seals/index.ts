/**
 * The seals domain's public file (issue 29 items 2 and 3): the only module of this folder another
 * domain may import (tests/unit/domain-order.test.ts). The documents domain reads a record's seal
 * (signatures and code) for its PDF.
 */
export { lastSealsOfEquipment, type RecordSealView, recordSeal } from './reads.ts';
export type { SealKind } from './tables.ts';
