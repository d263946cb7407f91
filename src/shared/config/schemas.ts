import { z } from 'zod';
import { idText } from '../fields.ts';

/** System configuration (seed 000 §3/§7); toggles send configValue 1 or 0. */
export const CONFIG_TYPES = ['TOGGLE'] as const;
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
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
