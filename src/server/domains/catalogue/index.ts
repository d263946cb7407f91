/**
 * The catalogue domain's public file (issue 27 item 2): the only module of this folder another domain
 * may import (tests/unit/domain-order.test.ts). Product images, the standard catalogue a new group may get,
 * and its events.
 */
export { cyclesChanged, productUpdated } from './events.ts';
export { imageResponse, type ProductImage, readProductImage } from './images.ts';
export { productImagePath } from './products.ts';
export { installStandardCatalogue } from './standard.ts';
