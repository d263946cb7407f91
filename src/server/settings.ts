/**
 * The platform settings the server acts on (issue 16; `SYSTEM_SETTINGS` in
 * src/shared/config/schemas.ts), read on requests from a per-process cache:
 * - PUBLIC_SIGNUP (default on): off refuses `POST /web/users/register/` with 403
 *   USER_REGISTER_DISABLED;
 * - MAINTENANCE_MODE (default off): on, every call but the provider admin's, sign-in and sign-out
 *   answers 503 MAINTENANCE_MODE with Retry-After (kit/operation.ts `refuseDuringMaintenance`);
 * - DUE_DIGEST_GROUP_ADMINS (default off): on, the daily due-date digest also goes to the group
 *   admins (domains/notifications/digest.ts), not only to each company's admins.
 *
 * A signed-in caller's flag comes with the session statement (no extra statement per request:
 * domains/auth/service.ts); calls without a session read it here. The cache is one entry, dropped
 * by `NOTIFY settings_changed` (core migration 0108: every write to core.system_config) in every
 * process, and by this process's own writes through the config service. `SETTINGS_CACHE_MS=0`
 * turns it off.
 */
import { sql } from 'kysely';
import { SYSTEM_SETTINGS, type SystemSettingParam } from '../shared/config/schemas.ts';
import { config } from './config.ts';
import { compiledOnce } from './db/compiled.ts';
import { baseDb, coreDb } from './db/database.ts';
import { notifiedCache } from './db/notified-cache.ts';

export const SETTINGS_CHANGED_CHANNEL = 'settings_changed';
export { MAINTENANCE_RETRY_AFTER_SECONDS } from '../shared/config/schemas.ts';

export interface SystemSettings {
  publicSignup: boolean;
  maintenance: boolean;
  dueDigestGroupAdmins: boolean;
}

const cache = notifiedCache<SystemSettings>({
  channel: SETTINGS_CHANGED_CHANNEL,
  ttlMs: () => config().SETTINGS_CACHE_MS,
  maxEntries: 1,
  tagOf: () => undefined,
});

/** Each setting's rows (a title is unique, a param is not): on when any of them is enabled. */
const settingRows = compiledOnce(baseDb, 0, () =>
  coreDb()
    .selectFrom('system_config')
    .select(['param', sql<boolean>`bool_or(enabled)`.as('on')])
    .where('param', 'in', [...SYSTEM_SETTINGS])
    .groupBy('param'),
);

async function load(): Promise<SystemSettings> {
  const rows = await settingRows();
  const on = (param: SystemSettingParam) => rows.find((r) => r.param === param)?.on;
  // Without a row a setting keeps the product's behaviour before it existed.
  return {
    publicSignup: on('PUBLIC_SIGNUP') ?? true,
    maintenance: on('MAINTENANCE_MODE') ?? false,
    dueDigestGroupAdmins: on('DUE_DIGEST_GROUP_ADMINS') ?? false,
  };
}

/** The settings now (from memory while nothing changed them). */
export function systemSettings(): Promise<SystemSettings> {
  return cache.get('settings', load);
}

/** Drops this process's copy (the config service, after its own writes). */
export function forgetSettings(): void {
  cache.forget();
}

/** Resolves once every settings change committed before the call has reached this process. */
export function settingsChangesSettled(): Promise<void> {
  return cache.settled();
}

/** The SQL of the maintenance flag, for statements that resolve a caller (one round trip). */
export const maintenanceFlagSql = sql<boolean>`exists (select 1 from core.system_config sc where sc.param = 'MAINTENANCE_MODE' and sc.enabled)`;
