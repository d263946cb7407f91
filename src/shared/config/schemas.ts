import { z } from 'zod';
import { idText } from '../fields.ts';

/** System configuration (seed 000 §3/§7); toggles send configValue 1 or 0. */
export const CONFIG_TYPES = ['TOGGLE'] as const;

/**
 * The platform settings the server acts on (by `param`), the only ones /config-system shows: a
 * toggle that changed nothing is not offered (issue 16). PUBLIC_SIGNUP off refuses sign-ups (403
 * USER_REGISTER_DISABLED); MAINTENANCE_MODE on answers 503 MAINTENANCE_MODE to every call but the
 * provider admin's, sign-in and sign-out (src/server/settings.ts); DUE_DIGEST_GROUP_ADMINS on (default
 * off) sends the daily due-date digest to the group admins as well as the company admins (issue 18).
 */
export const SYSTEM_SETTINGS = ['PUBLIC_SIGNUP', 'MAINTENANCE_MODE', 'DUE_DIGEST_GROUP_ADMINS'] as const;
export type SystemSettingParam = (typeof SYSTEM_SETTINGS)[number];
/** Seconds a client is told to wait (Retry-After) while the product is under maintenance. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 120;
export const configToggleSchema = z.object({ enabled: z.boolean() });
export const configUpdateSchema = z.object({
  id: idText.optional(),
  title: z.string().trim().min(1).max(255),
  configType: z.enum(CONFIG_TYPES).default('TOGGLE'),
  configValue: z.union([z.string().max(1000), z.number()]).transform(String),
  enabled: z.boolean(),
  param: z.string().max(255).nullish(),
});
export type ConfigUpdateInput = z.infer<typeof configUpdateSchema>;

export const systemConfigItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  configType: z.string(),
  configValue: z.string(),
  enabled: z.boolean(),
  param: z.string().nullable(),
  updateDate: z.date(),
});
export type SystemConfigItem = z.infer<typeof systemConfigItemSchema>;

/** What any visitor's client needs of the server's configuration (`config.public`). */
export const publicConfigSchema = z.object({
  /** Leaflet tile URL template of the inspection map (MAP_TILE_URL) */
  mapTileUrl: z.string(),
  /** plain-text attribution the tiles require (MAP_TILE_ATTRIBUTION) */
  mapAttribution: z.string(),
  /** PUBLIC_SIGNUP: whether /register takes sign-ups */
  publicSignup: z.boolean(),
  /** MAINTENANCE_MODE: only the provider admin may use the product */
  maintenance: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
