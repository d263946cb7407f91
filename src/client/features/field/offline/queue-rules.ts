/**
 * Pure rules of the records a phone keeps while it works without signal (issue 20), unit-tested in
 * tests/unit/offline-queue.test.ts: what a queued record holds, the order records are sent in, what
 * an answer means for the record and for the rest of the pass, and the counts the banner shows.
 * No browser API and no zod here: the offline banner is part of the main bundle.
 */
import type {
  IdentifiedBy,
  InspectionInput,
  MaintenanceInput,
  RegisterEquipmentInput,
} from '../../../../shared/equipment/schemas.ts';
import type { RecordAttachments, RecordProgress } from './attachment-steps.ts';

/** What each kind of record sends: the shared input schema's type of its POST. */
export interface FieldRecordInputs {
  inspect: InspectionInput;
  maintain: MaintenanceInput;
  register: RegisterEquipmentInput;
}

export type OutboxKind = keyof FieldRecordInputs;

/**
 * A record's kind with its input, the outbox's discriminated union (issue 27 item 4): narrowing on
 * `kind` types `input` — no cast back. Records queued before it was typed have the same shape (the
 * input was always the POST's input as sent), so they are read as they are.
 */
export type OutboxPayload = { [K in OutboxKind]: { kind: K; input: FieldRecordInputs[K] } }[OutboxKind];

/** `waiting`: to be sent (again); `refused`: the server said no — kept for the user to fix or discard. */
export type OutboxStatus = 'waiting' | 'refused';

/** Why the server refused a record: its catalogue code and parameters (shown in the user's language). */
export interface OutboxError {
  code?: string;
  status?: number;
  message: string;
  params?: Record<string, string | number>;
}

/** What every outbox record holds besides its kind and input. */
export interface OutboxRecordBase {
  /** the record's own id (a UUID made on the phone), sent as its `Idempotency-Key` */
  id: string;
  /** the user who made it (each user sees and sends only their own) */
  owner: number;
  /** send order: records go in the order they were made */
  seq: number;
  serial: string;
  /** what the queue shows of the equipment (the product's name) */
  title: string;
  /** when it was made on the phone (ISO instant; the inspection's and maintenance's `performedAt`) */
  createdAt: string;
  /** how the tag was identified, for the queue's list */
  identifiedBy?: IdentifiedBy;
  status: OutboxStatus;
  attempts: number;
  lastAttemptAt: string | null;
  error: OutboxError | null;
  /** its photos (Blobs) and signatures, sent after the record (issue 29; ./attachment-steps.ts) */
  attachments?: RecordAttachments;
  /** the steps done so far, so a closed app resumes where it stopped and never sends one twice */
  progress?: RecordProgress;
}

/**
 * One record made on the phone and not yet accepted by the server; `input` is the POST's input
 * exactly as it is sent, every time (the same body for the same key).
 */
export type OutboxRecord = OutboxRecordBase & OutboxPayload;
/** A record of one kind (e.g. the inspection being fixed). */
export type OutboxRecordOf<K extends OutboxKind> = Extract<OutboxRecord, { kind: K }>;

/** The records to send, oldest first (ties by id, so every device orders them alike). */
export function sendOrder(records: readonly OutboxRecord[]): OutboxRecord[] {
  return records
    .filter((r) => r.status === 'waiting')
    .sort((a, b) => a.seq - b.seq || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Every record of the queue view: the refused ones first (they need the user), then in send order. */
export function queueOrder(records: readonly OutboxRecord[]): OutboxRecord[] {
  const rank = (r: OutboxRecord) => (r.status === 'refused' ? 0 : 1);
  return [...records].sort(
    (a, b) => rank(a) - rank(b) || a.seq - b.seq || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

export interface QueueCounts {
  waiting: number;
  refused: number;
}

export function queueCounts(records: readonly OutboxRecord[]): QueueCounts {
  let waiting = 0;
  let refused = 0;
  for (const r of records) {
    if (r.status === 'waiting') waiting++;
    else refused++;
  }
  return { waiting, refused };
}

/**
 * Why a send is tried again later rather than refused: no answer (`network`: no signal, a dropped
 * connection — the server may have recorded it, and the same key makes the retry answer once), the
 * session ended (`signedOut`: sent after the user signs in again), the server busy or failing
 * (`busy`, `server`: nothing was kept, see src/server/idempotency.ts).
 */
export type RetryReason = 'network' | 'signedOut' | 'busy' | 'server';

/**
 * What one send's result means: `sent` — the server has it (remove it locally); `refused` — a
 * definitive no (keep it, with the reason, for the user), go on with the next record; `retry` — keep
 * it waiting and stop this pass, so records never overtake each other while the signal comes and goes.
 */
export type SendOutcome = (
  | { kind: 'sent' }
  | { kind: 'refused'; error: OutboxError }
  | { kind: 'retry'; reason: RetryReason }
) & {
  /** the record as it stands after the steps the send finished (its progress), when they changed it */
  record?: OutboxRecord;
};

/** Codes that say "try again" even with a 4xx status. */
const RETRY_CODES: Record<string, RetryReason> = {
  IDEMPOTENCY_KEY_IN_PROGRESS: 'busy',
  RATE_LIMITED: 'busy',
  UNAUTHENTICATED: 'signedOut',
};

/**
 * Classifies a failed send from its HTTP status (undefined: no answer at all) and catalogue code.
 * `message` is the text to keep when it is refused.
 */
export function classifyFailure(failure: {
  status: number | undefined;
  code?: string;
  message: string;
  params?: Record<string, string | number>;
}): SendOutcome {
  const { status, code } = failure;
  if (status === undefined || status === 0) return { kind: 'retry', reason: 'network' };
  if (code && RETRY_CODES[code]) return { kind: 'retry', reason: RETRY_CODES[code] };
  if (status === 401) return { kind: 'retry', reason: 'signedOut' };
  if (status === 408 || status === 425 || status === 429) return { kind: 'retry', reason: 'busy' };
  if (status >= 500) return { kind: 'retry', reason: 'server' };
  return {
    kind: 'refused',
    error: {
      ...(code ? { code } : {}),
      status,
      message: failure.message,
      ...(failure.params ? { params: failure.params } : {}),
    },
  };
}

/** The record after a send with this outcome (null: remove it). */
export function afterSend(record: OutboxRecord, outcome: SendOutcome, at: Date): OutboxRecord | null {
  if (outcome.kind === 'sent') return null;
  const tried = {
    ...(outcome.record ?? record),
    attempts: record.attempts + 1,
    lastAttemptAt: at.toISOString(),
  };
  if (outcome.kind === 'refused') return { ...tried, status: 'refused', error: outcome.error };
  return { ...tried, status: 'waiting' };
}

/**
 * The sequence number of a new record: after every record already queued, and after the clock (so a
 * phone whose clock went back still sends in the order the records were made).
 */
export function nextSeq(records: readonly OutboxRecord[], now: number): number {
  let max = 0;
  for (const r of records) if (r.seq > max) max = r.seq;
  return Math.max(max + 1, now);
}

/**
 * A record made again from a refused one (the user fixed it, or retries it as it is): a new id, since
 * its body may have changed; `payload` (its kind with the new input) replaces the old one.
 */
export function resubmitted(
  old: OutboxRecord,
  changes: { id: string; payload?: OutboxPayload; title?: string },
): OutboxRecord {
  return {
    ...old,
    ...changes.payload,
    id: changes.id,
    title: changes.title ?? old.title,
    status: 'waiting',
    attempts: 0,
    lastAttemptAt: null,
    error: null,
  };
}

/**
 * The pass over the queue: sends the waiting records in order with `send`, applies each outcome and
 * stops at the first `retry`. `save(record | null, id)` keeps or removes the record (called before
 * the next send). Returns why it stopped (null: every waiting record was answered).
 */
export async function runPass(
  records: readonly OutboxRecord[],
  send: (r: OutboxRecord) => Promise<SendOutcome>,
  save: (r: OutboxRecord | null, id: string) => Promise<void>,
  now: () => Date = () => new Date(),
): Promise<{ sent: number; refused: number; stoppedBy: RetryReason | null }> {
  let sent = 0;
  let refused = 0;
  for (const r of sendOrder(records)) {
    const outcome = await send(r);
    await save(afterSend(r, outcome, now()), r.id);
    if (outcome.kind === 'sent') sent++;
    else if (outcome.kind === 'refused') refused++;
    else return { sent, refused, stoppedBy: outcome.reason };
  }
  return { sent, refused, stoppedBy: null };
}
