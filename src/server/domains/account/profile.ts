import { randomBytes } from 'node:crypto';
import { type ProfileUpdate, PROFILE_PHOTO_MAX_BYTES } from '../../../shared/account/schemas.ts';
import type { AuthContext } from '../../context.ts';
import type { SignedInContext } from '../../kit/operation.ts';
import { coreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { fileStore } from '../../files/store.ts';
import { log } from '../../logger.ts';
import { hashPassword, verifyPassword } from '../auth/index.ts';
import { revokeUserSessions } from '../auth/index.ts';
import { limitRate } from '../../rate-limit.ts';
import { voidEmailTokens } from './tokens.ts';
import { getLoggedUser, type LoggedUser } from './service.ts';

async function reload(auth: AuthContext): Promise<LoggedUser> {
  const user = await coreDb()
    .selectFrom('users')
    .selectAll()
    .where('id', '=', auth.user.id)
    .executeTakeFirstOrThrow();
  return getLoggedUser({ auth: { ...auth, user } });
}

/** PUT /web/logged-user/: name, phone, occupation; e-mail and company stay read-only. */
export async function updateProfile({ auth }: SignedInContext, input: ProfileUpdate): Promise<LoggedUser> {
  await coreDb()
    .updateTable('users')
    .set({ name: input.name, phone: input.phone, occupation: input.occupation, updated_at: new Date() })
    .where('id', '=', auth.user.id)
    .execute();
  return reload(auth);
}

/**
 * PUT /web/logged-user/password/: checks the current password (a stolen session alone cannot
 * change it; attempts are limited), then revokes the user's other sessions.
 */
export async function changePassword(
  { auth }: SignedInContext,
  input: { currentPassword: string; newPassword: string },
): Promise<true> {
  await limitRate(['password-change', auth.user.id], 10, 900);
  const row = await coreDb()
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', auth.user.id)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.password_hash, input.currentPassword)))
    throw new AppError('PASSWORD_CURRENT_INVALID');
  await coreDb()
    .updateTable('users')
    .set({ password_hash: await hashPassword(input.newPassword), updated_at: new Date() })
    .where('id', '=', auth.user.id)
    .execute();
  await revokeUserSessions(auth.user.id, auth.sessionId);
  await voidEmailTokens(coreDb(), auth.user.id);
  return true;
}

/** The real type of an image from its first bytes (the declared type is not trusted). */
export function sniffImage(bytes: Uint8Array): { ext: 'png' | 'jpg' | 'webp'; type: string } | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 16));
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { ext: 'png', type: 'image/png' };
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff)
    return { ext: 'jpg', type: 'image/jpeg' };
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return { ext: 'webp', type: 'image/webp' };
  return null;
}

/** Stores the user's photo (PNG, JPEG or WEBP up to 1 MB) and drops the previous one. */
export async function setProfilePhoto(
  { auth }: SignedInContext,
  { bytes }: { bytes: Uint8Array },
): Promise<LoggedUser> {
  if (bytes.byteLength === 0 || bytes.byteLength > PROFILE_PHOTO_MAX_BYTES)
    throw new AppError('PHOTO_INVALID');
  const kind = sniffImage(bytes);
  if (!kind) throw new AppError('PHOTO_INVALID');
  const key = `users/${auth.user.id}/photo-${randomBytes(6).toString('hex')}.${kind.ext}`;
  await fileStore().put(key, Buffer.from(bytes), kind.type);
  await replaceImageKey(auth.user.id, key);
  return reload(auth);
}

export async function removeProfilePhoto({ auth }: SignedInContext): Promise<LoggedUser> {
  await replaceImageKey(auth.user.id, null);
  return reload(auth);
}

/**
 * Points the user's photo at `key` (null: no photo) and deletes the file it pointed at before; a
 * failed delete is only logged (the user's record is already right).
 */
async function replaceImageKey(userId: number, key: string | null): Promise<void> {
  const old = await coreDb()
    .selectFrom('users')
    .select('image_key')
    .where('id', '=', userId)
    .executeTakeFirst();
  await coreDb()
    .updateTable('users')
    .set({ image_key: key, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
  if (old?.image_key && old.image_key !== key) {
    await fileStore()
      .delete(old.image_key)
      .catch((e) => log.warn('old photo not deleted', { error: String(e) }));
  }
}
