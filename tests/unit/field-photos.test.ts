/**
 * Issue 29 items 1 and 2 on the phone: the size a photo is resized to before upload, and the steps
 * a queued record with photos and signatures goes through (record → photos → signatures), resumed
 * where it stopped, with stable keys, and never repeated once done.
 */
import { describe, expect, it } from 'vitest';
import {
  afterStep,
  hasAttachments,
  nextStep,
  photoKey,
  type RecordAttachments,
  signKey,
} from '../../src/client/features/field/offline/attachment-steps.ts';
import { afterSend, type OutboxRecord } from '../../src/client/features/field/offline/queue-rules.ts';
import {
  PHOTO_MAX_SIDE,
  photosRoom,
  resizeTarget,
} from '../../src/client/features/field/media/resize-rules.ts';

describe('resizeTarget', () => {
  it('brings the longest side to 1600 px and keeps the proportions', () => {
    expect(PHOTO_MAX_SIDE).toBe(1600);
    expect(resizeTarget(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(resizeTarget(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(resizeTarget(4032, 1816)).toEqual({ width: 1600, height: 721 });
  });
  it('never enlarges a small photo', () => {
    expect(resizeTarget(800, 600)).toEqual({ width: 800, height: 600 });
    expect(resizeTarget(1600, 1600)).toEqual({ width: 1600, height: 1600 });
  });
  it('keeps at least one pixel, even for a degenerate image', () => {
    expect(resizeTarget(10000, 1)).toEqual({ width: 1600, height: 1 });
    expect(resizeTarget(0, 0)).toEqual({ width: 1, height: 1 });
    expect(resizeTarget(Number.NaN, 5)).toEqual({ width: 1, height: 1 });
  });
  it('takes a custom limit', () => {
    expect(resizeTarget(600, 200, 300)).toEqual({ width: 300, height: 100 });
  });
});

describe('photosRoom', () => {
  it('admits at most 10 photos per record', () => {
    expect(photosRoom(0, 3)).toBe(3);
    expect(photosRoom(8, 5)).toBe(2);
    expect(photosRoom(10, 1)).toBe(0);
    expect(photosRoom(12, 1)).toBe(0);
  });
});

const blob = (text: string) => new Blob([text], { type: 'image/jpeg' });
const signatures = { technician: { name: 'Ana', image: 'data:image/png;base64,AA==' }, client: null };

function queued(attachments?: RecordAttachments): OutboxRecord {
  return {
    id: 'rec-1',
    owner: 1,
    seq: 1,
    serial: 'ABC',
    title: 'Extintor',
    createdAt: '2026-11-28T00:00:00.000Z',
    status: 'waiting',
    attempts: 0,
    lastAttemptAt: null,
    error: null,
    kind: 'inspect',
    input: { tag: 'ABC', answers: [] },
    ...(attachments ? { attachments } : {}),
  };
}

describe('a queued record with photos and signatures', () => {
  it('goes record → each photo in order → signatures → done, with keys derived from its own', () => {
    let r = queued({
      photos: [
        { blob: blob('a'), questionId: null },
        { blob: blob('b'), questionId: 7 },
      ],
      signatures,
    });
    expect(hasAttachments(r)).toBe(true);
    const seen: string[] = [];
    for (let step = nextStep(r); step.kind !== 'done'; step = nextStep(r)) {
      seen.push(step.kind === 'record' ? 'record' : step.key);
      r = step.kind === 'record' ? afterStep(r, step, { id: 42, serviceOrderNumber: 5 }) : afterStep(r, step);
    }
    expect(seen).toEqual(['record', 'rec-1:photo:0', 'rec-1:photo:1', 'rec-1:sign']);
    expect(photoKey('rec-1', 1)).toBe('rec-1:photo:1');
    expect(signKey('rec-1')).toBe('rec-1:sign');
    expect(r.progress).toEqual({ recordId: 42, serviceOrderNumber: 5, photosDone: 2, signed: true });
  });

  it('resumes at the step it stopped at (an app closed after the first photo)', () => {
    const r = {
      ...queued({
        photos: [
          { blob: blob('a'), questionId: null },
          { blob: blob('b'), questionId: null },
        ],
        signatures,
      }),
      progress: { recordId: 42, photosDone: 1, signed: false },
    };
    expect(nextStep(r)).toEqual({ kind: 'photo', index: 1, key: 'rec-1:photo:1' });
    // the same step again (its answer was lost) carries the same key: the server replays it
    expect(nextStep(r)).toEqual(nextStep({ ...r }));
  });

  it('skips the signature step when nothing was signed, and is done once photos are in', () => {
    const r = {
      ...queued({ photos: [{ blob: blob('a'), questionId: null }], signatures: null }),
      progress: { recordId: 1, photosDone: 1, signed: false },
    };
    expect(nextStep(r)).toEqual({ kind: 'done' });
  });

  it('a record without attachments has only its own step', () => {
    const r = queued();
    expect(hasAttachments(r)).toBe(false);
    expect(hasAttachments(queued({ photos: [], signatures: null }))).toBe(false);
    expect(nextStep(r)).toEqual({ kind: 'record' });
  });

  it('keeps the progress a failed send reached, so a retry never posts the record again', () => {
    const r = queued({ photos: [{ blob: blob('a'), questionId: null }], signatures });
    const progressed = afterStep(r, { kind: 'record' }, { id: 9 });
    const retried = afterSend(r, { kind: 'retry', reason: 'network', record: progressed }, new Date(0));
    expect(retried?.progress).toEqual({ recordId: 9, photosDone: 0, signed: false });
    expect(retried && nextStep(retried)).toEqual({ kind: 'photo', index: 0, key: 'rec-1:photo:0' });
    const refused = afterSend(
      progressed,
      {
        kind: 'refused',
        error: { code: 'RECORD_PHOTO_LIMIT', status: 409, message: 'x' },
        record: progressed,
      },
      new Date(0),
    );
    expect(refused).toMatchObject({ status: 'refused', progress: { recordId: 9 } });
    expect(afterSend(progressed, { kind: 'sent' }, new Date(0))).toBeNull();
  });
});
