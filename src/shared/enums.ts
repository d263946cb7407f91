/** Enumerations of the seeds (000 §3, 001 §3-4). */
export const USER_STATUSES = ['ACTIVE', 'INACTIVE', 'PENDING', 'MIGRATED', 'DELETED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const OS_STATUSES = ['PENDING', 'PARTIAL', 'FINISHED', 'CANCELLED'] as const;
export type OsStatus = (typeof OS_STATUSES)[number];
export const OS_TYPES = ['INSPECTION', 'MAINTENANCE'] as const;
export const PRIORITIES = ['LOWEST', 'LOW', 'AVERAGE', 'HIGH', 'HIGHEST'] as const;

export const EXPIRATION_STATUSES = ['NA', 'VALID', 'EXPIRING', 'EXPIRED'] as const;
export type ExpirationStatus = (typeof EXPIRATION_STATUSES)[number];
export const EQUIPMENT_STATUSES = ['NA', 'VALID', 'EXPIRED', 'IMPROPER'] as const;

export const PAGE_SIZES = [10, 100, 1000] as const;
export const DEFAULT_PAGE_SIZE = 10;

export const LANGUAGES = ['pt', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt';

export const CONFIRMATION_WORD = 'CONFIRMO';
