/**
 * Service orders (seed 000 §2 /os and /create-os, §4, §5, §7; issue 14): list, read, create,
 * update, the responsible picker, the create dialog's equipment search and the printable PDF.
 *
 * Scope: the tenant schema is the group; company admins reach their own company's orders and
 * equipment only (another company's is 404, as if it did not exist). An order's company is its
 * equipment's: all of one company, in the caller's scope.
 *
 * In files (issue 27 item 5): reads.ts, writes.ts, and the printable order here; callers import
 * them all from this file.
 */
import { config } from '../../config.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { Ctx } from './common.ts';
import { serviceOrderPdfJob } from './jobs.ts';
import { orderInScope } from './reads.ts';

export * from './reads.ts';
export * from './writes.ts';

// ── printable order ─────────────────────────────────────────────────────────────────────────────

/**
 * Starts the job rendering the printable order (PDF); answers its id at once. The order is held to
 * the caller's scope first (404 SERVICE_ORDER_NOT_FOUND), as documents are.
 */
export async function requestServiceOrderPdf(ctx: Ctx, { id }: { id: number }): Promise<{ jobId: string }> {
  const order = await orderInScope(ctx, ctx.auth.tenant, id);
  const jobId = await enqueue(
    serviceOrderPdfJob,
    { orderId: order.id, publicUrl: config().PUBLIC_URL },
    { companyGroupId: ctx.auth.companyGroup.id, companyId: order.company_id, requestedBy: ctx.auth.user.id },
  );
  return { jobId };
}
