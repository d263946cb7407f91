/**
 * Short-lived links to a photo's bytes: the bucket's own signed URL (GCS), or a path of this server
 * signed with APP_SECRET (files/signed-links.ts) that `photos.file` streams without a session. The
 * path names the company group's schema, so the signed link alone finds the row.
 */
import { signPathUntil, verifySignedPath } from '../../files/signed-links.ts';
import { fileStore } from '../../files/store.ts';

/** Seconds a photo link works: long enough for a dialog left open a while, short enough to leak little. */
export const RECORD_PHOTO_LINK_TTL_SECONDS = 900;

export function photoFilePath(schema: string, id: number): string {
  return `/web/record-photos/${schema}/${id}`;
}

export async function photoLink(
  schema: string,
  photo: { id: number; file_key: string },
  now = Date.now(),
): Promise<{ url: string; expiresAt: Date }> {
  const exp = Math.floor(now / 1000) + RECORD_PHOTO_LINK_TTL_SECONDS;
  const url =
    (await fileStore().signedReadUrl(photo.file_key, RECORD_PHOTO_LINK_TTL_SECONDS)) ??
    signPathUntil(photoFilePath(schema, photo.id), exp);
  return { url, expiresAt: new Date(exp * 1000) };
}

export function photoLinkValid(
  schema: string,
  id: number,
  exp: string | undefined,
  sig: string | undefined,
  now = Date.now(),
): boolean {
  return verifySignedPath(photoFilePath(schema, id), exp, sig, now);
}
