/** The catalogue's service surface (router.ts and rest.ts call only these). */
export * from './categories.ts';
export { CATALOGUE_ROLES } from './common.ts';
export * from './images.ts';
export * from './inspection-types.ts';
export * from './products.ts';
