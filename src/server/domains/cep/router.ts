import { cepLookupSchema } from '../../../shared/account/schemas.ts';
import { publicProcedure, router } from '../../trpc.ts';
import { limitRate } from '../../rate-limit.ts';
import { lookupCep } from './service.ts';

/** tRPC answers the lookup's state as data ('found' | 'not_found' | 'unavailable'), never an error. */
export const cepRouter = router({
  lookup: publicProcedure.input(cepLookupSchema).query(async ({ ctx, input }) => {
    await limitRate(['cep', 'ip', ctx.ip], 120, 60);
    return lookupCep(input.cep);
  }),
});
