/**
 * The outbox's side of the offline engine (issue 20): a record submitted in the field is sent at
 * once when it can be, else kept on the phone (./store.ts) and sent — in order, each record with its
 * own id as `Idempotency-Key` — by passes over the queue (./queue-rules.ts decides what an answer
 * means). Records are the typed union of ./queue-rules.ts: each kind is posted with its own input.
 */
import { httpStatus } from '../../../lib/trpc.ts';
import { afterStep, hasAttachments } from './attachment-steps.ts';
import {
  nextSeq,
  type OutboxPayload,
  type OutboxRecord,
  type OutboxRecordBase,
  resubmitted,
  runPass,
} from './queue-rules.ts';
import { outcomeOf, post, type SentRecord, sendRecord } from './record-sender.ts';
import { type OfflineUser, setState, state } from './state.ts';
import { deleteOutbox, forgetUnusedTag, outboxOf, putOutbox, replaceOutbox, setKeyOf } from './store.ts';
import { refreshSetIfStale } from './working-set.ts';

export type { SentRecord } from './record-sender.ts';

/** A record's own id: a random UUID (v4), also on plain-http origins where `randomUUID` is missing. */
export function localId(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** True when an error is "no answer" (no signal, connection dropped), not the server's refusal. */
export function isNetworkFailure(err: unknown): boolean {
  return httpStatus(err) === undefined;
}

/** A record as the form makes it: its kind and input, and what the queue shows. */
export type NewRecord = Omit<
  OutboxRecordBase,
  'owner' | 'seq' | 'status' | 'attempts' | 'lastAttemptAt' | 'error'
> &
  OutboxPayload;

/**
 * A record submitted in the field: sent at once when the phone is online and nothing waits before
 * it ('sent'); kept in the outbox otherwise, or when the send got no answer ('queued' — under the
 * same key, so an answer lost on the way never makes it twice). A refusal is thrown as the client's
 * error, for the form to put on its fields.
 */
export async function submitRecord(record: NewRecord): Promise<SentRecord | 'queued'> {
  const user = state.user;
  if (!user) throw new Error('offline engine without a user');
  const full = complete(record, user);
  if (!navigator.onLine || state.counts.waiting > 0) {
    await enqueueRecord(full);
    if (navigator.onLine) void syncNow();
    return 'queued';
  }
  let sent: SentRecord;
  try {
    sent = await post(full);
  } catch (err) {
    if (outcomeOf(err).kind !== 'retry') throw err;
    await enqueueRecord(full);
    return 'queued';
  }
  // Its photos and signatures follow through the queue (kept on the phone until the server has them).
  if (hasAttachments(full)) {
    await enqueueRecord(afterStep(full, { kind: 'record' }, sent));
    await syncNow();
  }
  return sent;
}

function complete(record: NewRecord, user: OfflineUser): OutboxRecord {
  return {
    ...record,
    owner: user.id,
    seq: nextSeq(state.records, Date.now()),
    status: 'waiting',
    attempts: 0,
    lastAttemptAt: null,
    error: null,
  };
}

async function enqueueRecord(r: OutboxRecord): Promise<void> {
  await putOutbox(r);
  setState({ records: [...state.records.filter((x) => x.id !== r.id), r] });
}

let passing: Promise<void> | null = null;
let again = false;

/** Sends the waiting records now (one pass at a time; a call during a pass runs one more after it). */
export function syncNow(): Promise<void> {
  if (passing) {
    again = true;
    return passing;
  }
  passing = (async () => {
    try {
      do {
        again = false;
        await onePass();
      } while (again);
    } finally {
      passing = null;
    }
  })();
  return passing;
}

async function onePass(): Promise<void> {
  const user = state.user;
  if (!user || !navigator.onLine) return;
  const records = await outboxOf(user.id);
  if (state.user !== user) return;
  if (!records.some((r) => r.status === 'waiting')) {
    setState({ records, stoppedBy: null });
    return;
  }
  setState({ records, syncing: true });
  try {
    const result = await runPass(records, sendRecord, async (next, id) => {
      if (next) await putOutbox(next);
      else {
        await deleteOutbox(id);
        // A registration the server took: its tag is no longer unused on this phone either.
        const sent = records.find((r) => r.id === id);
        if (sent?.kind === 'register') await forgetUnusedTag(setKeyOf(user.id, user.companyId), sent.serial);
      }
      if (state.user === user)
        setState({
          records: next
            ? state.records.map((r) => (r.id === id ? next : r))
            : state.records.filter((r) => r.id !== id),
        });
    });
    if (state.user === user) setState({ stoppedBy: result.stoppedBy });
    // What was sent changed the equipment; the set follows at its next check (not at every pass:
    // a company's whole set is megabytes, and the phone's own records are already known to it).
    if (result.sent > 0) void refreshSetIfStale();
  } finally {
    if (state.user === user) setState({ syncing: false });
  }
}

/**
 * "Tentar novamente" on a refused record: sent again as it is, under a new id — a refusal recorded
 * nothing on the server, and the old key would only replay the refusal.
 */
export async function retryRefused(id: string): Promise<void> {
  const old = state.records.find((r) => r.id === id);
  if (!old) return;
  const next = resubmitted(old, { id: localId() });
  await replaceOutbox(id, next);
  setState({ records: state.records.map((r) => (r.id === id ? next : r)) });
  if (navigator.onLine) await syncNow();
}

/** A refused record fixed in its form: the new input replaces it, in its place in the order. */
export async function replaceRefused(id: string, payload: OutboxPayload): Promise<void> {
  const old = state.records.find((r) => r.id === id);
  if (!old) return;
  const next = resubmitted(old, { id: localId(), payload });
  await replaceOutbox(id, next);
  setState({ records: state.records.map((r) => (r.id === id ? next : r)) });
  if (navigator.onLine) void syncNow();
}

/** Discards a record (after the user confirmed). */
export async function discard(id: string): Promise<void> {
  await deleteOutbox(id);
  setState({ records: state.records.filter((r) => r.id !== id) });
}
