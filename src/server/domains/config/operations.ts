import { z } from 'zod';
import {
  configToggleSchema,
  configUpdateSchema,
  publicConfigSchema,
  systemConfigItemSchema,
} from '../../../shared/config/schemas.ts';
import { idField } from '../../../shared/fields.ts';
import { mutation, PUBLIC, query, signedIn } from '../../kit/operation.ts';
import * as s from './service.ts';

/** The platform-wide toggles are the provider admin's (other roles use /config-system for the language only). */
const provider = signedIn(['MOBCHECK_ADMIN']);

export const configOperations = {
  public: query({
    access: PUBLIC,
    summary:
      'What every client needs of the server’s settings, signed in or not: the inspection map’s tile URL template and its attribution, whether public sign-up is open and whether the product is in maintenance mode. Answers during maintenance too.',
    output: publicConfigSchema,
    rest: { method: 'get', path: '/web/config/public/' },
    maintenance: 'open',
    handler: () => s.publicConfig(),
  }),
  list: query({
    access: provider,
    summary:
      'System configuration toggles: the settings the server acts on (PUBLIC_SIGNUP, MAINTENANCE_MODE).',
    output: z.array(systemConfigItemSchema),
    rest: { method: 'get', path: '/web/config-system/' },
    handler: (ctx) => s.listConfig(ctx),
  }),
  toggle: mutation({
    access: provider,
    summary: 'Turn a toggle on or off (configValue follows as 1 or 0).',
    input: configToggleSchema.extend({ id: idField }),
    output: systemConfigItemSchema,
    rest: { method: 'put', path: '/web/config-system/:id/toggle/' },
    handler: (ctx, input) => s.toggleConfig(ctx, input),
  }),
  update: mutation({
    access: provider,
    summary: 'Update a configuration entry.',
    input: z.object({ id: idField, config: configUpdateSchema }),
    output: systemConfigItemSchema,
    rest: { method: 'put', path: '/web/config-system/:id/update/', bodyKey: 'config' },
    handler: (ctx, input) => s.updateConfig(ctx, input),
  }),
};
