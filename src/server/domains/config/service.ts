import type { ConfigUpdateInput, PublicConfig, SystemConfigItem } from '../../../shared/config/schemas.ts';
import { config } from '../../config.ts';
import { coreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { SignedInContext } from '../../kit/operation.ts';

// Who may call these is declared once, in operations.ts (the provider admin; `public`: anyone).

/** Read from the environment (src/server/config.ts): nothing per user, no database. */
export function publicConfig(): PublicConfig {
  const c = config();
  return { mapTileUrl: c.MAP_TILE_URL, mapAttribution: c.MAP_TILE_ATTRIBUTION };
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

export async function listConfig(_ctx: SignedInContext): Promise<SystemConfigItem[]> {
  return selectConfig().orderBy('id').execute();
}

async function getConfig(id: number): Promise<SystemConfigItem> {
  const row = await selectConfig().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** A toggle keeps `enabled` and `configValue` (1/0) in step. */
export async function toggleConfig(
  _ctx: SignedInContext,
  { id, enabled }: { id: number; enabled: boolean },
): Promise<SystemConfigItem> {
  const r = await coreDb()
    .updateTable('system_config')
    .set({ enabled, config_value: enabled ? '1' : '0', updated_at: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw new AppError('NOT_FOUND');
  return getConfig(id);
}

export async function updateConfig(
  _ctx: SignedInContext,
  { id, config: input }: { id: number; config: ConfigUpdateInput },
): Promise<SystemConfigItem> {
  if (input.id !== undefined && input.id !== id)
    throw new AppError('VALIDATION_FAILED', { message: 'id does not match the path' });
  const value = input.configType === 'TOGGLE' ? (input.enabled ? '1' : '0') : input.configValue;
  try {
    const r = await coreDb()
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
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw new AppError('NOT_FOUND');
  } catch (err) {
    if ((err as { code?: string }).code === '23505')
      throw new AppError('CONFLICT', { message: `Já existe uma configuração com o título ${input.title}` });
    throw err;
  }
  return getConfig(id);
}
