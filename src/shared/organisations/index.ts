export * from './schemas.ts';
export * from './outputs.ts';
