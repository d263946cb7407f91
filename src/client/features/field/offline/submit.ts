/**
 * How the field forms save a record (issue 20): with its proof of presence (how and when the tag was
 * identified, when it was submitted) and its own id, sent at once when it can be and kept on the
 * phone otherwise (./engine.ts). A refused record being fixed replaces the old one in the queue.
 */
import type { IdentifiedBy } from '../../../../shared/equipment/schemas.ts';
import { identificationOf } from '../identification.ts';
import { localId, replaceRefused, type SentRecord, submitRecord } from './engine.ts';
import type { OutboxKind, OutboxRecord } from './queue-rules.ts';

export interface Proof {
  performedAt: string;
  identifiedBy: IdentifiedBy;
  scannedAt: string;
}

/** The proof of a record submitted now for this tag (the scan never after the submit). */
export function proofFor(serial: string, now = new Date()): Proof {
  const id = identificationOf(serial);
  const performedAt = now.toISOString();
  return {
    performedAt,
    identifiedBy: id.via,
    scannedAt: Date.parse(id.at) <= now.getTime() ? id.at : performedAt,
  };
}

/** The proof a record being fixed keeps: when and how it was really done. */
export function proofOf(record: OutboxRecord): Partial<Proof> {
  const i = record.input;
  const out: Partial<Proof> = {};
  if (typeof i.performedAt === 'string') out.performedAt = i.performedAt;
  if (typeof i.identifiedBy === 'string') out.identifiedBy = i.identifiedBy as IdentifiedBy;
  if (typeof i.scannedAt === 'string') out.scannedAt = i.scannedAt;
  return out;
}

/**
 * Saves a field record: the server's answer when it has it, 'queued' when it waits on the phone.
 * Throws the server's refusal of an online submit (for the form's fields).
 */
export async function saveFieldRecord(opts: {
  kind: OutboxKind;
  serial: string;
  title: string;
  input: Record<string, unknown>;
  fix?: OutboxRecord;
}): Promise<SentRecord | 'queued'> {
  if (opts.fix) {
    await replaceRefused(opts.fix.id, opts.input);
    return 'queued';
  }
  const performedAt = typeof opts.input.performedAt === 'string' ? opts.input.performedAt : undefined;
  const identifiedBy =
    typeof opts.input.identifiedBy === 'string' ? (opts.input.identifiedBy as IdentifiedBy) : undefined;
  return submitRecord({
    id: localId(),
    kind: opts.kind,
    serial: opts.serial,
    title: opts.title,
    input: opts.input,
    createdAt: performedAt ?? new Date().toISOString(),
    ...(identifiedBy ? { identifiedBy } : {}),
  });
}
