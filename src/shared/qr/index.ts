export * from './schemas.ts';
export * from './serial.ts';
