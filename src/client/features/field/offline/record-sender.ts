/**
 * Sends one outbox record in its steps (./attachment-steps.ts): the record's POST with its id as
 * `Idempotency-Key`, then its photos (`POST /web/…/{id}/photos`, multipart) and its signatures (`seals.sign…`), each with a
 * key derived from the record's, the progress written to the phone after every step (issue 29).
 */
import {
  errorCode,
  errorParams,
  httpStatus,
  restFetch,
  trpcClient,
  withIdempotencyKey,
} from '../../../lib/trpc.ts';
import { afterStep, hasAttachments, nextStep, type RecordStep } from './attachment-steps.ts';
import { classifyFailure, type OutboxRecord, type SendOutcome } from './queue-rules.ts';
import { putOutbox } from './store.ts';

/** What the server answered a record sent at once (an inspection names the order it opened). */
export interface SentRecord {
  id: number;
  serviceOrderNumber?: number | null;
}

/** POSTs one record with its id as the `Idempotency-Key` (throws the client's error). */
export async function post(r: OutboxRecord): Promise<SentRecord> {
  const opts = { context: withIdempotencyKey(r.id) };
  switch (r.kind) {
    case 'inspect':
      return trpcClient.equipment.inspect.mutate(r.input, opts);
    case 'maintain':
      return trpcClient.equipment.maintain.mutate(r.input, opts);
    case 'register':
      return trpcClient.equipment.register.mutate(r.input, opts);
  }
}

export function outcomeOf(err: unknown): SendOutcome {
  return classifyFailure({
    status: httpStatus(err),
    code: errorCode(err),
    message: err instanceof Error ? err.message : String(err),
    params: errorParams(err),
  });
}

/**
 * Uploads one photo through the REST door as multipart (the Blob's own bytes: base64 in tRPC's JSON
 * is a third more on a phone's slow uplink, ~9 s of 43 s for 10 photos on "Slow 4G" — bench/evidence.ts).
 * The same operation as tRPC `photos.add`; the server's idempotency fingerprint ignores the boundary.
 */
async function uploadPhoto(
  kind: 'inspect' | 'maintain',
  recordId: number,
  photo: { blob: Blob; questionId?: number | null },
  key: string,
): Promise<void> {
  const form = new FormData();
  form.append('file', photo.blob, 'photo.jpg');
  if (photo.questionId != null) form.append('questionId', String(photo.questionId));
  await restFetch(`/web/${kind === 'inspect' ? 'inspections' : 'maintenances'}/${recordId}/photos`, {
    method: 'POST',
    body: form,
    headers: { 'Idempotency-Key': key },
  });
}

/** Runs one step after the record's POST; the record with its progress moved on. */
async function runStep(r: OutboxRecord, step: RecordStep): Promise<OutboxRecord> {
  if (step.kind === 'record') return afterStep(r, step, await post(r));
  if (step.kind === 'done' || !r.progress || r.kind === 'register') return r;
  const id = r.progress.recordId;
  if (step.kind === 'photo') {
    const photo = r.attachments?.photos[step.index];
    if (photo) await uploadPhoto(r.kind, id, photo, step.key);
    return afterStep(r, step);
  }
  const signatures = r.attachments?.signatures;
  if (signatures) {
    const sign = r.kind === 'inspect' ? trpcClient.seals.signInspection : trpcClient.seals.signMaintenance;
    await sign.mutate({ id, ...signatures }, { context: withIdempotencyKey(step.key) });
  }
  return afterStep(r, step);
}

/**
 * Sends a record from the step it stopped at to the end; what the answer means
 * (./queue-rules.ts), with the record as it stands (its progress) for a retry or a refusal.
 */
export async function sendRecord(r: OutboxRecord): Promise<SendOutcome> {
  let current = r;
  try {
    if (!current.progress && !hasAttachments(current)) {
      await post(current);
      return { kind: 'sent' };
    }
    for (let step = nextStep(current); step.kind !== 'done'; step = nextStep(current)) {
      current = await runStep(current, step);
      await putOutbox(current);
    }
    return { kind: 'sent' };
  } catch (err) {
    return current === r ? outcomeOf(err) : { ...outcomeOf(err), record: current };
  }
}
