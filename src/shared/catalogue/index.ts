export * from './enums.ts';
export * from './list-rules.ts';
export * from './schemas.ts';
export * from './types.ts';
