/**
 * The qr domain's public file (issue 27 item 2): the only module of this folder another domain
 * may import (tests/unit/domain-order.test.ts). Allocating a batch of serials, its PDF job, and whether a
 * tag is in use.
 */
export { allocateBatch, deriveSerial } from './allocation.ts';
export { qrPdfJob } from './jobs.ts';
export { tagInUse } from './rules.ts';
