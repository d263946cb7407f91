import { beforeAll, describe, expect, it } from 'vitest';
import { rest, testApp } from '../../helpers/api.ts';
import { TINY_JPEG } from '../../helpers/photo-bytes.ts';
import {
  answers,
  type DocumentsTenant,
  documentsTenant,
  equipmentOf,
  inspect,
} from '../documents/helpers.ts';
import { signatures, tamper } from './helpers.ts';

/**
 * Issue 29 items 1 and 3 together: the seal covers the record's photos (their own SHA-256), and a
 * sealed record takes no new photo (409 RECORD_SEALED, from the database guard on record_photos).
 */
let t: DocumentsTenant;
let serial: string;
beforeAll(async () => {
  t = await documentsTenant();
  ({ serial } = await equipmentOf(t));
}, 60_000);

async function addPhoto(inspectionId: number) {
  const form = new FormData();
  form.append('file', new File([Buffer.from(TINY_JPEG)], 'foto.jpg', { type: 'image/jpeg' }));
  const res = await testApp().request(`/web/inspections/${inspectionId}/photos`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${t.tokens.operator}`, 'X-Forwarded-For': '10.29.1.1' },
    body: form,
  });
  return { status: res.status, json: (await res.json()) as { error?: { code: string } } };
}

describe('photos of a sealed record', () => {
  it('refuses a photo once the record is signed, and a photo changed behind the product breaks the seal', async () => {
    const id = await inspect(t, serial, { answers: answers(t.catalogue) });
    expect((await addPhoto(id)).status).toBe(201);
    const signed = await rest<{ code: string }>('PUT', `/web/inspections/${id}/signatures`, {
      token: t.tokens.operator,
      body: signatures(),
    });
    expect(signed.status).toBe(200);
    const code = signed.json.data!.code;

    const refused = await addPhoto(id);
    expect(refused.status).toBe(409);
    expect(refused.json.error?.code).toBe('RECORD_SEALED');

    const verify = () => rest<{ matches: boolean }>('GET', `/web/verify/${code}`);
    expect((await verify()).json.data!.matches).toBe(true);
    const changed = await tamper(
      t.schema,
      (s) =>
        `update ${s}.record_photos set sha256 = repeat('0', 64) where record_kind = 'INSPECTION' and record_id = ${id}`,
    );
    expect(changed).toBe(1);
    expect((await verify()).json.data!.matches).toBe(false);
  });
});
