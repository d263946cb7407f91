import { z } from 'zod';
import { configToggleSchema, configUpdateSchema } from '../../../shared/config/schemas.ts';
import { authedProcedure, router } from '../../trpc.ts';
import { listConfig, toggleConfig, updateConfig } from './service.ts';

const id = z.number().int().positive();

/** tRPC procedures of the config domain (roles checked in the service). */
export const configRouter = router({
  list: authedProcedure.query(({ ctx }) => listConfig(ctx.auth)),
  toggle: authedProcedure
    .input(configToggleSchema.extend({ id }))
    .mutation(({ ctx, input }) => toggleConfig(ctx.auth, input.id, input.enabled)),
  update: authedProcedure
    .input(z.object({ id, config: configUpdateSchema }))
    .mutation(({ ctx, input }) => updateConfig(ctx.auth, input.id, input.config)),
});
