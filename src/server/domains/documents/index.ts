/**
 * The documents domain's public file (issue 27 item 2): the only module of this folder another domain
 * may import (tests/unit/domain-order.test.ts). How a record's answer is written in documents (the
 * service orders' observation uses the same words).
 */
export { answerText } from './layout.ts';
