/**
 * The service orders domain's public file (issue 27 item 2): the only module of this folder another domain
 * may import (tests/unit/domain-order.test.ts). Its events.
 */
export { serviceOrderChanged } from './events.ts';
