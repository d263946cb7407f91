import { z } from 'zod';
import { qrGenerateInputSchema } from '../../../shared/qr/schemas.ts';
import { router, tenantProcedure } from '../../trpc.ts';
import { generatedThisMonth, QR_ROLES, requestBatch } from './service.ts';

/** tRPC procedures of the qr domain. */
export const qrRouter = router({
  generatedCount: tenantProcedure(QR_ROLES)
    .input(z.object({ companyId: z.number().int().positive().optional() }).default({}))
    .query(async ({ ctx, input }) => ({ count: await generatedThisMonth(ctx.auth, input.companyId) })),
  generate: tenantProcedure(QR_ROLES)
    .input(qrGenerateInputSchema)
    .mutation(({ ctx, input }) => requestBatch(ctx.auth, input)),
});
