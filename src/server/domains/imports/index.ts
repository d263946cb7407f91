/**
 * The imports domain's public file (issue 31): nothing above it imports it today; the kinds of
 * import are registered in `registry.ts`, inside the domain.
 */
export type { ImportKindDef } from './kinds.ts';
