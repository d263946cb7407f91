import {
  type ConfigUpdateInput,
  type PublicConfig,
  SYSTEM_SETTINGS,
  type SystemConfigItem,
} from '../../../shared/config/schemas.ts';
import { config } from '../../config.ts';
import { coreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { SignedInContext } from '../../kit/operation.ts';
import { forgetSettings, systemSettings } from '../../settings.ts';
import { inCoreAuditTx } from '../../kit/audit-header.ts';

// Who may call these is declared once, in operations.ts (the provider admin; `public`: anyone).

/**
 * The map tiles from the environment (src/server/config.ts) and the platform settings a visitor's
 * client acts on (sign-up open, maintenance mode) from the per-process settings cache.
 */
export async function publicConfig(): Promise<PublicConfig> {
  const c = config();
  const settings = await systemSettings();
  return {
    mapTileUrl: c.MAP_TILE_URL,
    mapAttribution: c.MAP_TILE_ATTRIBUTION,
    publicSignup: settings.publicSignup,
    maintenance: settings.maintenance,
  };
}

function selectConfig() {
  return coreDb()
    .selectFrom('system_config')
    .select([
      'id',
      'title',
      'config_type as configType',
      'config_value as configValue',
      'enabled',
      'param',
      'updated_at as updateDate',
    ]);
}

/**
 * The settings the server acts on (`SYSTEM_SETTINGS`), nothing else: rows of toggles that never
 * had an effect (older installs' e-mail notification toggles) stay in the table but are not shown.
 */
export async function listConfig(_ctx: SignedInContext): Promise<SystemConfigItem[]> {
  return selectConfig()
    .where('param', 'in', [...SYSTEM_SETTINGS])
    .orderBy('id')
    .execute();
}

async function getConfig(id: number): Promise<SystemConfigItem> {
  const row = await selectConfig().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** A toggle keeps `enabled` and `configValue` (1/0) in step. */
export async function toggleConfig(
  ctx: SignedInContext,
  { id, enabled }: { id: number; enabled: boolean },
): Promise<SystemConfigItem> {
  const r = await inCoreAuditTx(ctx, null, (core) =>
    core
      .updateTable('system_config')
      .set({ enabled, config_value: enabled ? '1' : '0', updated_at: new Date() })
      .where('id', '=', id)
      .executeTakeFirst(),
  );
  if (Number(r.numUpdatedRows) === 0) throw new AppError('NOT_FOUND');
  // This process at once; the others through NOTIFY settings_changed (core migration 0108).
  forgetSettings();
  return getConfig(id);
}

export async function updateConfig(
  ctx: SignedInContext,
  { id, config: input }: { id: number; config: ConfigUpdateInput },
): Promise<SystemConfigItem> {
  if (input.id !== undefined && input.id !== id)
    throw new AppError('VALIDATION_FAILED', { message: 'id does not match the path' });
  const value = input.configType === 'TOGGLE' ? (input.enabled ? '1' : '0') : input.configValue;
  try {
    const r = await inCoreAuditTx(ctx, null, (core) =>
      core
        .updateTable('system_config')
        .set({
          title: input.title,
          config_type: input.configType,
          config_value: value,
          enabled: input.enabled,
          param: input.param ?? null,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .executeTakeFirst(),
    );
    if (Number(r.numUpdatedRows) === 0) throw new AppError('NOT_FOUND');
  } catch (err) {
    if ((err as { code?: string }).code === '23505')
      throw new AppError('CONFLICT', { message: `Já existe uma configuração com o título ${input.title}` });
    throw err;
  }
  forgetSettings();
  return getConfig(id);
}
