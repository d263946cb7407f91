/**
 * Pure rules of a field record's photos and signatures in the outbox (issue 29 items 1 and 2),
 * unit-tested in tests/unit/field-photos.test.ts. A queued inspection or maintenance is sent in
 * steps: the record itself (its id as `Idempotency-Key`), then each photo (key `<id>:photo:<n>`),
 * then the signatures (key `<id>:sign`) — signing seals the record, so photos go first. Each step
 * done is written to the record's `progress` before the next, so an app closed mid-sync resumes at
 * the step it stopped at; a step repeated after a lost answer carries the same key and the server
 * replays its first answer, so nothing is made twice.
 */

/** A photo taken for the record: the resized JPEG, and the answer it shows, if any. */
export interface QueuedPhoto {
  blob: Blob;
  questionId: number | null;
}

export interface QueuedSignatures {
  technician: { name: string; image: string };
  client: { name: string; role: string; image: string } | null;
}

export interface RecordAttachments {
  photos: QueuedPhoto[];
  signatures: QueuedSignatures | null;
}

/** What the server already holds of a record being sent. */
export interface RecordProgress {
  /** the record's id on the server, once its POST was answered */
  recordId: number;
  /** a service order the inspection opened (said once the queue has sent it) */
  serviceOrderNumber?: number | null;
  /** how many of its photos the server holds (in order) */
  photosDone: number;
  signed: boolean;
}

export type RecordStep =
  | { kind: 'record' }
  | { kind: 'photo'; index: number; key: string }
  | { kind: 'sign'; key: string }
  | { kind: 'done' };

interface Stepped {
  id: string;
  attachments?: RecordAttachments;
  progress?: RecordProgress;
}

export function photoKey(recordKey: string, index: number): string {
  return `${recordKey}:photo:${index}`;
}

export function signKey(recordKey: string): string {
  return `${recordKey}:sign`;
}

/** The next step of a record's sending. */
export function nextStep(r: Stepped): RecordStep {
  const p = r.progress;
  if (!p) return { kind: 'record' };
  const photos = r.attachments?.photos ?? [];
  if (p.photosDone < photos.length)
    return { kind: 'photo', index: p.photosDone, key: photoKey(r.id, p.photosDone) };
  if (r.attachments?.signatures && !p.signed) return { kind: 'sign', key: signKey(r.id) };
  return { kind: 'done' };
}

/** The record after `step` succeeded (`created`: the record's POST answer, for the first step). */
export function afterStep<T extends Stepped>(
  r: T,
  step: RecordStep,
  created?: { id: number; serviceOrderNumber?: number | null },
): T {
  switch (step.kind) {
    case 'record':
      if (!created) throw new Error('the record step needs its answer');
      return {
        ...r,
        progress: {
          recordId: created.id,
          ...(created.serviceOrderNumber != null ? { serviceOrderNumber: created.serviceOrderNumber } : {}),
          photosDone: 0,
          signed: false,
        },
      };
    case 'photo':
      return r.progress ? { ...r, progress: { ...r.progress, photosDone: step.index + 1 } } : r;
    case 'sign':
      return r.progress ? { ...r, progress: { ...r.progress, signed: true } } : r;
    case 'done':
      return r;
  }
}

/** Whether a record still has steps after its own POST (photos or signatures). */
export function hasAttachments(r: Stepped): boolean {
  return (r.attachments?.photos.length ?? 0) > 0 || r.attachments?.signatures != null;
}
