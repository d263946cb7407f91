/**
 * The catalogue domain's events (kit/events.ts), published inside the write's transaction: the
 * equipment domain keeps its stored dates and search text in step with the product.
 */
import { defineEvent } from '../../kit/events.ts';
import type { CycleRefresh } from '../../../shared/cycles/schemas.ts';
import type { Ctx, Trx } from './common.ts';

/** A product's schedule, notice days, expiration flag, name or SKU may have changed. */
export const productUpdated = defineEvent<{ productId: number }, void, Trx, Ctx>('catalogue.product_updated');

/**
 * A type's or a product's maintenance cycles were replaced (issue 30): its equipment's cycles follow,
 * in the transaction or (many equipment) in a job the handler answers.
 */
export const cyclesChanged = defineEvent<
  { inspectionTypeId: number } | { productId: number },
  CycleRefresh,
  Trx,
  Ctx
>('catalogue.cycles_changed');
