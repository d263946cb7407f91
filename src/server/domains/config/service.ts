import type { ConfigUpdateInput, SystemConfigItem } from '../../../shared/config/schemas.ts';
import type { AuthContext } from '../../context.ts';
import { coreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';

/**
 * The platform-wide toggles of `core.system_config` are the provider admin's: other roles keep
 * /config-system for the language choice only (stored on the device).
 */
function requireProvider(auth: AuthContext) {
  if (auth.role !== 'MOBCHECK_ADMIN') throw new AppError('FORBIDDEN');
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

export async function listConfig(auth: AuthContext): Promise<SystemConfigItem[]> {
  requireProvider(auth);
  return selectConfig().orderBy('id').execute();
}

async function getConfig(id: number): Promise<SystemConfigItem> {
  const row = await selectConfig().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** A toggle keeps `enabled` and `configValue` (1/0) in step. */
export async function toggleConfig(
  auth: AuthContext,
  id: number,
  enabled: boolean,
): Promise<SystemConfigItem> {
  requireProvider(auth);
  const r = await coreDb()
    .updateTable('system_config')
    .set({ enabled, config_value: enabled ? '1' : '0', updated_at: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw new AppError('NOT_FOUND');
  return getConfig(id);
}

export async function updateConfig(
  auth: AuthContext,
  id: number,
  input: ConfigUpdateInput,
): Promise<SystemConfigItem> {
  requireProvider(auth);
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
