import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { sql } from 'kysely';
import { PRODUCT_IMAGE_MAX_BYTES } from '../../../shared/catalogue/enums.ts';
import { sniffImageType } from '../../../shared/catalogue/image.ts';
import type { TenantDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { fileStore } from '../../files/store.ts';
import { log } from '../../logger.ts';
import type { ById } from '../../../shared/catalogue/schemas.ts';
import type { ProductImageDto } from '../../../shared/catalogue/types.ts';
import { type Ctx, inTenantTx } from './common.ts';
import { lockEditableProduct, productImagePath } from './products.ts';

const EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** The real type of an upload, from its first bytes (shared: the product dialog checks the same). */
export { sniffImageType };

/** An uploaded image: the product and the bytes of the multipart field `file` (null when missing). */
export interface ProductImageUpload {
  id: number;
  file: Uint8Array | null;
}

/** Checks and stores a product's image, then points the product at it; the old file is removed. */
export async function setProductImage(
  ctx: Ctx,
  { id, file: bytes }: ProductImageUpload,
): Promise<ProductImageDto> {
  // Permission first, so a refused caller learns nothing about the file rules.
  await inTenantTx(ctx, (trx) => lockEditableProduct(ctx, trx, id));
  if (!bytes || bytes.length === 0) throw new AppError('PRODUCT_IMAGE_MISSING');
  if (bytes.length > PRODUCT_IMAGE_MAX_BYTES) throw new AppError('PRODUCT_IMAGE_TOO_LARGE');
  const type = sniffImageType(bytes);
  if (!type) throw new AppError('PRODUCT_IMAGE_INVALID_TYPE');
  const key = `catalogue/${ctx.auth.companyGroup.schema_name}/products/${id}/${Date.now()}-${randomBytes(4).toString('hex')}.${EXT[type]}`;
  await fileStore().put(key, Buffer.from(bytes), type);
  let old: string | null = null;
  let updatedAt: Date;
  try {
    updatedAt = await inTenantTx(ctx, async (trx) => {
      old = (await lockEditableProduct(ctx, trx, id)).image_key;
      const row = await trx
        .updateTable('products')
        .set({
          image_key: key,
          image_content_type: type,
          image_updated_at: sql`clock_timestamp()`,
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .returning('image_updated_at')
        .executeTakeFirstOrThrow();
      return row.image_updated_at!;
    });
  } catch (e) {
    await fileStore().delete(key);
    throw e;
  }
  if (old)
    await fileStore()
      .delete(old)
      .catch((e) => log.warn('old product image not removed', { key: old, error: String(e) }));
  return { image: productImagePath(id, updatedAt)!, imageUpdatedAt: updatedAt };
}

export interface ProductImage {
  stream: Readable;
  contentType: string;
  etag: string;
  /** ms of the image's last change, matched against the `update` query parameter. */
  version: string;
}

/** The stored image of a product, or null when it has none (the caller answers a placeholder). */
export function getProductImage(ctx: Ctx, { id }: ById): Promise<ProductImage | null> {
  return readProductImage(ctx.auth.tenant, id);
}

/** The same, on any tenant (the public tag card shows its product's image). */
export async function readProductImage(db: TenantDb, id: number): Promise<ProductImage | null> {
  const row = await db
    .selectFrom('products')
    .select(['image_key', 'image_content_type', 'image_updated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  if (!row.image_key || !row.image_updated_at) return null;
  const stream = await fileStore().get(row.image_key);
  if (!stream) return null;
  const version = String(row.image_updated_at.getTime());
  return {
    stream,
    contentType: row.image_content_type ?? 'application/octet-stream',
    etag: `"p${id}-${version}"`,
    version,
  };
}

/** Shown when a product has no image (seed 001 §8). */
export const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" role="img" aria-label="Sem imagem"><rect width="160" height="160" rx="16" fill="#eef2f2"/><path d="M48 108l22-28 16 20 12-14 22 22z" fill="#9fb3b3"/><circle cx="104" cy="58" r="10" fill="#9fb3b3"/></svg>`;
export const PLACEHOLDER_ETAG = '"product-placeholder-v1"';

/**
 * The answer of an image read: the file (or the placeholder SVG), its ETag and 304; a URL naming
 * the current version (`?update=`) may be cached for good.
 */
export function imageResponse(c: Context, img: ProductImage | null): Response {
  const etag = img?.etag ?? PLACEHOLDER_ETAG;
  const cache =
    img && c.req.query('update') === img.version
      ? 'private, max-age=31536000, immutable'
      : 'private, no-cache';
  const headers = { ETag: etag, 'Cache-Control': cache, 'X-Content-Type-Options': 'nosniff' };
  if (c.req.header('If-None-Match') === etag) {
    img?.stream.destroy();
    return c.body(null, 304, headers);
  }
  if (!img) return c.body(PLACEHOLDER_SVG, 200, { ...headers, 'Content-Type': 'image/svg+xml' });
  return c.body(Readable.toWeb(img.stream) as ReadableStream, 200, {
    ...headers,
    'Content-Type': img.contentType,
  });
}
