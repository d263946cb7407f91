export * from './schemas.ts';
export * from './serial.ts';
export * from './templates.ts';
