import { configToggleSchema, configUpdateSchema } from '../../../shared/config/schemas.ts';
import { restRoutes } from '../../openapi.ts';
import { type RestApp, idParam, jsonBody, ok, requireAuth } from '../../rest.ts';
import { listConfig, toggleConfig, updateConfig } from './service.ts';

const PROVIDER = ['MOBCHECK_ADMIN'] as const;

/** REST shim (`/web/*`) routes of the config domain (seed 000 §7). */
export function registerConfigRest(app: RestApp): void {
  const r = restRoutes(app, 'System configuration');
  r.get('/web/config-system/', { summary: 'System configuration toggles.', roles: PROVIDER }, async (c) =>
    ok(c, await listConfig(requireAuth(c, PROVIDER).auth)),
  );
  r.put(
    '/web/config-system/:id/toggle/',
    { summary: 'Turn a toggle on or off.', roles: PROVIDER, body: configToggleSchema },
    async (c) =>
      ok(
        c,
        await toggleConfig(
          requireAuth(c, PROVIDER).auth,
          idParam(c),
          (await jsonBody(c, configToggleSchema)).enabled,
        ),
      ),
  );
  r.put(
    '/web/config-system/:id/update/',
    { summary: 'Update a configuration entry.', roles: PROVIDER, body: configUpdateSchema },
    async (c) =>
      ok(
        c,
        await updateConfig(requireAuth(c, PROVIDER).auth, idParam(c), await jsonBody(c, configUpdateSchema)),
      ),
  );
}
