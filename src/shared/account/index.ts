export * from '../masks.ts';
export * from './schemas.ts';
