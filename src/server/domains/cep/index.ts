/**
 * The cep domain's public file (issue 27 item 2): the only module of this folder another domain
 * may import (tests/unit/domain-order.test.ts). Nothing of it is needed below: it exports nothing (the registry
 * loads its domain.ts).
 */
export {};
