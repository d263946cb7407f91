/**
 * How the field forms save a record (issue 20): with its proof of presence (how and when the tag was
 * identified, when it was submitted) and its own id, sent at once when it can be and kept on the
 * phone otherwise (./engine.ts). A refused record being fixed replaces the old one in the queue.
 */
import type { IdentifiedBy } from '../../../../shared/equipment/schemas.ts';
import { identificationOf } from '../identification.ts';
import { localId, replaceRefused, type SentRecord, submitRecord } from './engine.ts';
import type { RecordAttachments } from './attachment-steps.ts';
import type { OutboxPayload, OutboxRecord, OutboxRecordOf } from './queue-rules.ts';

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
export function proofOf(record: OutboxRecordOf<'inspect' | 'maintain'>): Partial<Proof> {
  const { performedAt, identifiedBy, scannedAt } = record.input;
  return {
    ...(performedAt ? { performedAt } : {}),
    ...(identifiedBy ? { identifiedBy } : {}),
    ...(scannedAt ? { scannedAt } : {}),
  };
}

/**
 * Saves a field record — its kind with its typed input — : the server's answer when it has it,
 * 'queued' when it waits on the phone. Throws the server's refusal of an online submit (for the
 * form's fields). A record being fixed (`fix`) replaces the refused one in the queue.
 */
export async function saveFieldRecord(
  opts: OutboxPayload & {
    serial: string;
    title: string;
    fix?: OutboxRecord;
    /** photos and signatures sent after the record (issue 29); a fixed record keeps its own */
    attachments?: RecordAttachments | null;
  },
): Promise<SentRecord | 'queued'> {
  const { serial, title, fix, attachments, ...payload } = opts;
  if (fix) {
    await replaceRefused(fix.id, payload);
    return 'queued';
  }
  const proof: Partial<Proof> = payload.kind === 'register' ? {} : payload.input;
  return submitRecord({
    id: localId(),
    ...payload,
    serial,
    title,
    ...(attachments ? { attachments } : {}),
    createdAt: proof.performedAt ?? new Date().toISOString(),
    ...(proof.identifiedBy ? { identifiedBy: proof.identifiedBy } : {}),
  });
}
