/**
 * The pure rules of the records a phone keeps without signal (issue 20): send order, what each
 * answer means (sent / refused with the reason / try again later), a pass that stops at the first
 * "try again" so records never overtake each other, fixing a refused record, and the serial a Web
 * NFC read carries.
 */
import { describe, expect, it } from 'vitest';
import {
  afterSend,
  classifyFailure,
  nextSeq,
  type OutboxRecord,
  type OutboxRecordBase,
  queueCounts,
  queueOrder,
  resubmitted,
  runPass,
  type SendOutcome,
  sendOrder,
} from '../../src/client/features/field/offline/queue-rules.ts';
import { serialFromNdef } from '../../src/client/features/field/scan-rules.ts';
import { tagUrl } from '../../src/shared/qr/serial.ts';

function record(id: string, seq: number, over: Partial<OutboxRecordBase> = {}): OutboxRecord {
  return {
    id,
    owner: 7,
    seq,
    kind: 'inspect',
    serial: 'ABCD2345',
    title: 'Extintor PQS',
    input: { tag: 'ABCD2345', answers: [], performedAt: '2025-05-01T12:00:00.000Z' },
    createdAt: '2025-05-01T12:00:00.000Z',
    identifiedBy: 'TYPED',
    status: 'waiting',
    attempts: 0,
    lastAttemptAt: null,
    error: null,
    ...over,
  };
}

describe('send order', () => {
  it('waiting records oldest first, ties by id; refused ones are not sent', () => {
    const records = [
      record('c', 3),
      record('b', 1),
      record('x', 2, { status: 'refused' }),
      record('a', 1),
      record('d', 5),
    ];
    expect(sendOrder(records).map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('the queue view lists refused records first, then the send order', () => {
    const records = [record('c', 3), record('x', 9, { status: 'refused' }), record('a', 1)];
    expect(queueOrder(records).map((r) => r.id)).toEqual(['x', 'a', 'c']);
    expect(queueCounts(records)).toEqual({ waiting: 2, refused: 1 });
  });

  it('a new record goes after every queued one, even when the phone clock went back', () => {
    expect(nextSeq([], 1000)).toBe(1000);
    expect(nextSeq([record('a', 5000)], 1000)).toBe(5001);
    expect(nextSeq([record('a', 5000)], 9000)).toBe(9000);
  });
});

describe('what an answer means', () => {
  const message = 'x';
  it('no answer at all, a dropped connection: try again later (the key makes the retry safe)', () => {
    expect(classifyFailure({ status: undefined, message })).toEqual({ kind: 'retry', reason: 'network' });
    expect(classifyFailure({ status: 0, message })).toEqual({ kind: 'retry', reason: 'network' });
  });

  it('server failures, time-outs and rate limits: try again later', () => {
    for (const status of [500, 502, 503, 504])
      expect(classifyFailure({ status, message })).toEqual({ kind: 'retry', reason: 'server' });
    expect(classifyFailure({ status: 503, code: 'REDIS_UNAVAILABLE', message })).toMatchObject({
      kind: 'retry',
    });
    for (const status of [408, 425, 429])
      expect(classifyFailure({ status, message })).toEqual({ kind: 'retry', reason: 'busy' });
    expect(classifyFailure({ status: 409, code: 'IDEMPOTENCY_KEY_IN_PROGRESS', message })).toEqual({
      kind: 'retry',
      reason: 'busy',
    });
  });

  it('an ended session: kept until the user signs in again', () => {
    expect(classifyFailure({ status: 401, code: 'UNAUTHENTICATED', message })).toEqual({
      kind: 'retry',
      reason: 'signedOut',
    });
  });

  it('any other 4xx is a refusal, kept with the code, status, message and parameters', () => {
    expect(
      classifyFailure({
        status: 409,
        code: 'TAG_ALREADY_USED',
        message: 'A tag ABCD2345 já está em uso por outro equipamento',
        params: { serial: 'ABCD2345' },
      }),
    ).toEqual({
      kind: 'refused',
      error: {
        code: 'TAG_ALREADY_USED',
        status: 409,
        message: 'A tag ABCD2345 já está em uso por outro equipamento',
        params: { serial: 'ABCD2345' },
      },
    });
    expect(classifyFailure({ status: 400, code: 'INSPECTION_ANSWER_INVALID', message })).toMatchObject({
      kind: 'refused',
    });
    expect(classifyFailure({ status: 404, code: 'EQUIPMENT_NOT_FOUND', message })).toMatchObject({
      kind: 'refused',
    });
    expect(classifyFailure({ status: 409, code: 'IDEMPOTENCY_KEY_REUSED', message })).toMatchObject({
      kind: 'refused',
    });
  });

  it('after a send: removed when sent, refused with its reason, still waiting on a retry', () => {
    const at = new Date('2025-05-02T10:00:00.000Z');
    const r = record('a', 1);
    expect(afterSend(r, { kind: 'sent' }, at)).toBeNull();
    expect(afterSend(r, { kind: 'retry', reason: 'network' }, at)).toEqual({
      ...r,
      attempts: 1,
      lastAttemptAt: at.toISOString(),
    });
    expect(afterSend(r, { kind: 'refused', error: { status: 400, message: 'no' } }, at)).toEqual({
      ...r,
      status: 'refused',
      attempts: 1,
      lastAttemptAt: at.toISOString(),
      error: { status: 400, message: 'no' },
    });
  });
});

describe('a pass over the queue', () => {
  /** Runs a pass whose sends answer from `answers` by id; returns the sends and the saved records. */
  async function pass(records: OutboxRecord[], answers: Record<string, SendOutcome>) {
    const sent: string[] = [];
    const saved = new Map<string, OutboxRecord | null>();
    const result = await runPass(
      records,
      async (r) => {
        sent.push(r.id);
        return answers[r.id] ?? { kind: 'sent' };
      },
      async (r, id) => {
        saved.set(id, r);
      },
      () => new Date('2025-05-02T10:00:00.000Z'),
    );
    return { sent, saved, result };
  }

  it('sends in order and removes each record the server has', async () => {
    const { sent, saved, result } = await pass([record('b', 2), record('a', 1)], {});
    expect(sent).toEqual(['a', 'b']);
    expect([...saved]).toEqual([
      ['a', null],
      ['b', null],
    ]);
    expect(result).toEqual({ sent: 2, refused: 0, stoppedBy: null });
  });

  it('stops at the first "try again": the later records wait behind it', async () => {
    const { sent, saved, result } = await pass([record('a', 1), record('b', 2), record('c', 3)], {
      b: { kind: 'retry', reason: 'network' },
    });
    expect(sent).toEqual(['a', 'b']);
    expect(saved.get('a')).toBeNull();
    expect(saved.get('b')).toMatchObject({ status: 'waiting', attempts: 1 });
    expect(saved.has('c')).toBe(false);
    expect(result).toEqual({ sent: 1, refused: 0, stoppedBy: 'network' });
  });

  it('a refusal keeps the record with its reason and the pass goes on', async () => {
    const { sent, saved, result } = await pass([record('a', 1), record('b', 2)], {
      a: { kind: 'refused', error: { code: 'EQUIPMENT_NOT_FOUND', status: 404, message: 'x' } },
    });
    expect(sent).toEqual(['a', 'b']);
    expect(saved.get('a')).toMatchObject({ status: 'refused', error: { code: 'EQUIPMENT_NOT_FOUND' } });
    expect(saved.get('b')).toBeNull();
    expect(result).toEqual({ sent: 1, refused: 1, stoppedBy: null });
  });

  it('refused records already in the queue are not sent again by a pass', async () => {
    const { sent } = await pass([record('a', 1, { status: 'refused' }), record('b', 2)], {});
    expect(sent).toEqual(['b']);
  });
});

describe('fixing a refused record', () => {
  it('goes back to waiting under a new id (a new key: the old one would replay the refusal), in its place', () => {
    const old = record('a', 4, {
      status: 'refused',
      attempts: 2,
      lastAttemptAt: '2025-05-02T10:00:00.000Z',
      error: { code: 'INSPECTION_ANSWER_INVALID', status: 400, message: 'x' },
    });
    const input = { tag: 'ABCD2345', answers: [{ questionId: 1, answer: 'YES' }] };
    expect(resubmitted(old, { id: 'b', payload: { kind: 'inspect', input } })).toEqual({
      ...old,
      id: 'b',
      input,
      status: 'waiting',
      attempts: 0,
      lastAttemptAt: null,
      error: null,
    });
  });
});

describe('Web NFC reads', () => {
  const enc = (text: string) => new DataView(new TextEncoder().encode(text).buffer);
  it('takes the serial of a URL or text record naming a label', () => {
    expect(
      serialFromNdef([{ recordType: 'url', data: enc(tagUrl('https://app.example.com', 'ABCD23456X')) }]),
    ).toBe('ABCD23456X');
    expect(serialFromNdef([{ recordType: 'text', encoding: 'utf-8', data: enc('abcd-2345') }])).toBe(
      'ABCD2345',
    );
  });

  it('skips records that are not a label and answers null when none is', () => {
    expect(
      serialFromNdef([
        { recordType: 'mime', data: enc('ABCD2345') },
        { recordType: 'url', data: enc('https://example.com/other') },
        { recordType: 'empty', data: null },
      ]),
    ).toBeNull();
    expect(
      serialFromNdef([
        { recordType: 'url', data: enc('https://example.com/other') },
        { recordType: 'absolute-url', data: enc('https://x.example/#/t/7KQ3M9TZ2D') },
      ]),
    ).toBe('7KQ3M9TZ2D');
  });
});
