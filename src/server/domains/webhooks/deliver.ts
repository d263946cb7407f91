/**
 * The worker's side of a delivery (issue 18 item 4): one attempt of one round of a delivery row.
 *
 * The row is read with its endpoint; a row that is gone (endpoint deleted), no longer PENDING or
 * of another round (a resend started a new one) is skipped — BullMQ is at-least-once and the sweep
 * may add a round twice. The body stored at emit time is signed with the endpoint's secret (and
 * the previous one during a rotation's grace period) and POSTed with a fresh `webhook-timestamp`.
 * The outcome is written to the row (attempts, answer status, an excerpt, the error, the next
 * attempt); a failure that is not the last throws, so BullMQ retries after its exponential backoff.
 * 2xx is success; 410 Gone fails the delivery and turns the endpoint off; everything else
 * (3xx — redirects are not followed —, 4xx, 5xx, timeouts, refused addresses) is retried.
 */
import { sql } from 'kysely';
import { config } from '../../config.ts';
import { tenantDb } from '../../db/database.ts';
import { log } from '../../logger.ts';
import { backoffAfter } from './delivery-queue.ts';
import { openSecret, signatureOf } from './secrets.ts';
import { describeSendError, postWebhook } from './send.ts';

export interface DeliveryParams {
  schema: string;
  deliveryId: number;
  round: number;
}

/** What the job knows of its retries. */
export interface AttemptInfo {
  /** attempts of this job already made (BullMQ's attemptsMade before this run) */
  attemptsMade: number;
  /** this job's attempts (BullMQ opts.attempts) */
  attempts: number;
  /** the exponential backoff's first delay */
  backoffDelay: number;
}

export type AttemptOutcome = 'skipped' | 'succeeded' | 'retrying' | 'failed';

export class RetryDeliveryError extends Error {
  override name = 'RetryDeliveryError';
}

export const USER_AGENT = 'EquipCheck-Webhooks/1.0';

export async function attemptDelivery(p: DeliveryParams, info: AttemptInfo): Promise<AttemptOutcome> {
  const db = tenantDb(p.schema);
  const row = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select([
      'd.id',
      'd.status',
      'd.round',
      'd.message_id',
      'd.body',
      'e.id as endpoint_id',
      'e.url',
      'e.enabled',
      'e.secret',
      'e.previous_secret',
      'e.previous_secret_expires_at',
    ])
    .where('d.id', '=', p.deliveryId)
    .executeTakeFirst();
  if (row?.status !== 'PENDING' || row.round !== p.round) return 'skipped';

  const attemptNo = info.attemptsMade + 1;
  const last = attemptNo >= info.attempts;
  const record = (values: {
    status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
    response_status: number | null;
    response_excerpt: string | null;
    last_error: string | null;
    next_attempt_at: Date | null;
    delivered_at?: Date | null;
  }) =>
    db
      .updateTable('webhook_deliveries')
      .set({ ...values, attempts: sql`attempts + 1`, last_attempt_at: sql`now()` })
      .where('id', '=', row.id)
      .where('round', '=', p.round)
      .where('status', '=', 'PENDING')
      .execute();

  if (!row.enabled) {
    await record({
      status: 'FAILED',
      response_status: null,
      response_excerpt: null,
      last_error: 'endpoint disabled',
      next_attempt_at: null,
    });
    return 'failed';
  }

  const cfg = config();
  let status: number | null = null;
  let excerpt: string | null = null;
  let error: string | null = null;
  try {
    const now = new Date();
    const timestamp = Math.floor(now.getTime() / 1000);
    const secrets = [openSecret(row.secret)];
    if (row.previous_secret && row.previous_secret_expires_at && row.previous_secret_expires_at > now)
      secrets.push(openSecret(row.previous_secret));
    const res = await postWebhook(
      row.url,
      {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'webhook-id': row.message_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': secrets
          .map((s) => signatureOf(s, row.message_id, timestamp, row.body))
          .join(' '),
      },
      row.body,
      { timeoutMs: cfg.WEBHOOKS_TIMEOUT_MS, allowPrivate: cfg.WEBHOOKS_ALLOW_PRIVATE },
    );
    status = res.status;
    excerpt = res.excerpt.replaceAll('\u0000', '') || null;
    if (status < 200 || status > 299) error = `HTTP ${status}`;
  } catch (e) {
    error = describeSendError(e);
  }

  if (error === null) {
    await record({
      status: 'SUCCEEDED',
      response_status: status,
      response_excerpt: excerpt,
      last_error: null,
      next_attempt_at: null,
      delivered_at: new Date(),
    });
    return 'succeeded';
  }
  const gone = status === 410;
  if (gone || last) {
    await record({
      status: 'FAILED',
      response_status: status,
      response_excerpt: excerpt,
      last_error: error,
      next_attempt_at: null,
    });
    if (gone) {
      // The receiver says it wants no more (Standard Webhooks): the endpoint is turned off.
      await db
        .updateTable('webhook_endpoints')
        .set({ enabled: false, disabled_reason: 'GONE', updated_at: sql`now()` })
        .where('id', '=', row.endpoint_id)
        .where('enabled', '=', true)
        .execute();
      log.info('webhook endpoint turned off: 410 Gone', { schema: p.schema, endpoint: row.endpoint_id });
    }
    return 'failed';
  }
  await record({
    status: 'PENDING',
    response_status: status,
    response_excerpt: excerpt,
    last_error: error,
    next_attempt_at: new Date(Date.now() + backoffAfter(attemptNo, info.backoffDelay)),
  });
  return 'retrying';
}
