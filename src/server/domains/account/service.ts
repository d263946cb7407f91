import type { LoggedUser } from '../../../shared/account/schemas.ts';
import type { AuthContext } from '../../context.ts';
import { fileStore } from '../../files/store.ts';
import { loggedUserCounters } from './logged-user-counters.ts';

/**
 * Photos as data URLs, kept in memory by file key (a new upload gets a new key, so an entry never
 * goes stale): the logged user is read on every page load, and reading the file each time was
 * the call's slowest part for users with a photo. Bounded by size, oldest out first.
 */
const PHOTO_CACHE_BYTES = 32 * 1024 * 1024;
const photos = new Map<string, string>();
let photoBytes = 0;

async function imageDataUrl(key: string | null): Promise<string | null> {
  if (!key) return null;
  const kept = photos.get(key);
  if (kept) return kept;
  const stream = await fileStore().get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  const mime = key.endsWith('.png') ? 'image/png' : key.endsWith('.webp') ? 'image/webp' : 'image/jpeg';
  const url = `data:${mime};base64,${Buffer.concat(chunks).toString('base64')}`;
  photos.set(key, url);
  photoBytes += url.length;
  for (const [k, v] of photos) {
    if (photoBytes <= PHOTO_CACHE_BYTES) break;
    photos.delete(k);
    photoBytes -= v.length;
  }
  return url;
}

export type { LoggedUser };

export async function getLoggedUser({ auth }: { auth: AuthContext }): Promise<LoggedUser> {
  const u = auth.user;
  const { generated, active } = await loggedUserCounters(auth);
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    occupation: u.occupation,
    image: await imageDataUrl(u.image_key),
    companyId: auth.companyId,
    companyName: auth.companyName,
    companyGroup: auth.companyGroup?.schema_name ?? null,
    companyGroupId: auth.companyGroup?.id ?? null,
    companyGroupName: auth.companyGroup?.name ?? null,
    currentRole: auth.role,
    status: u.status,
    language: u.language,
    paymentStatus: auth.companyGroup?.payment_status ?? null,
    vindi_id: u.vindi_id,
    subscription_id: auth.companyGroup?.subscription_id ?? null,
    generated_tag_qty: generated,
    active_tags_qty: active,
  };
}
