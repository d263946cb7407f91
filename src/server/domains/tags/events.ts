/**
 * The tags domain's events (kit/events.ts), published inside the write's transaction: the equipment
 * domain refreshes the moved equipment's search text and writes its TAG_REPLACED snapshot; webhooks
 * record `tag.replaced`.
 */
import type { WebhookEventData } from '../../../shared/webhooks/schemas.ts';
import { defineEvent } from '../../kit/events.ts';
import type { Ctx, Trx } from './common.ts';

export interface TagReplaced extends Readonly<WebhookEventData['tag.replaced']> {
  /** The equipment as it was moved (its snapshot's fields). */
  equipment: {
    productId: number;
    productName: string;
    productSku: string;
    extraLabel: string | null;
    extraCode: string | null;
  };
}
/** An equipment moved to another tag (the old one disabled). */
export const tagReplaced = defineEvent<TagReplaced, void, Trx, Ctx>('tag.replaced');
