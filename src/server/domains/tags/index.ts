/**
 * The tags domain's public file (issue 27 item 2): the only module of this folder another domain
 * may import (tests/unit/domain-order.test.ts). A tag of the caller's scope, the company's tags limit, and
 * its events.
 */
export { assertTagInScope, findTag, type ScopedTag } from './common.ts';
export { type TagReplaced, tagReplaced } from './events.ts';
export { checkTagsLimit, tagsRoom } from './limit.ts';
