import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '../../../src/server/domains/catalogue/png.ts';
import { fileStore } from '../../../src/server/files/store.ts';
import { PRODUCT_IMAGE_MAX_BYTES } from '../../../src/shared/catalogue/enums.ts';
import type { ProductDto } from '../../../src/shared/catalogue/types.ts';
import { rest, testApp } from '../../helpers/api.ts';
import { createCategory, createType, demoDb, productBody, tokens, uid } from './helpers.ts';

let t: Awaited<ReturnType<typeof tokens>>;
let categoryId: number;
let typeId: number;
beforeAll(async () => {
  t = await tokens();
  categoryId = await createCategory(t.group, `Imagens ${uid()}`);
  typeId = await createType(t.group, 'Com imagem', categoryId);
});

async function newProduct(token = t.group, over: Record<string, unknown> = {}) {
  const r = await rest<number>('POST', '/web/products/', {
    token,
    body: productBody(categoryId, typeId, over),
  });
  return r.json.data!;
}

function upload(id: number, bytes: Uint8Array | null, token: string, type = 'image/png') {
  const form = new FormData();
  if (bytes) form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'x.bin');
  else form.append('other', 'x');
  return testApp().request(`/web/products/${id}/image/`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
}

const red = encodePng(4, 3, () => [255, 0, 0]);

describe('product images', () => {
  it('stores a PNG, serves the same bytes with ETag and cache headers, and answers 304', async () => {
    const id = await newProduct();
    const res = await upload(id, red, t.group);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { image: string } };
    expect(body.data.image).toMatch(new RegExp(`^/web/products/${id}/image\\?update=\\d+$`));
    const row = await demoDb()
      .selectFrom('products')
      .select(['image_key', 'image_content_type'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.image_content_type).toBe('image/png');
    expect(await fileStore().size(row.image_key!)).toBe(red.length);

    const product = await rest<ProductDto>('GET', `/web/products/${id}/`, { token: t.group });
    expect(product.json.data!.image).toBe(body.data.image);
    const get = await testApp().request(body.data.image, {
      headers: { Authorization: `Bearer ${t.company}` },
    });
    expect(get.status).toBe(200);
    expect(get.headers.get('Content-Type')).toBe('image/png');
    expect(get.headers.get('Cache-Control')).toContain('immutable');
    // Operators see the picture too (tags, replacement requests); uploading stays with admins.
    const seenByOperator = await testApp().request(body.data.image, {
      headers: { Authorization: `Bearer ${t.operator}` },
    });
    expect(seenByOperator.status).toBe(200);
    expect((await upload(id, red, t.operator)).status).toBe(403);
    const png = PNG.sync.read(Buffer.from(await get.arrayBuffer()));
    expect([png.width, png.height, png.data[0], png.data[1]]).toEqual([4, 3, 255, 0]);
    const etag = get.headers.get('ETag')!;
    const cached = await testApp().request(`/web/products/${id}/image`, {
      headers: { Authorization: `Bearer ${t.group}`, 'If-None-Match': etag },
    });
    expect(cached.status).toBe(304);
    const stale = await testApp().request(`/web/products/${id}/image?update=1`, {
      headers: { Authorization: `Bearer ${t.group}` },
    });
    expect(stale.headers.get('Cache-Control')).toBe('private, no-cache');

    // Replacing the image removes the old file.
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    expect((await upload(id, jpeg, t.group, 'image/jpeg')).status).toBe(200);
    expect(await fileStore().size(row.image_key!)).toBeNull();
    const after = await demoDb()
      .selectFrom('products')
      .select('image_content_type')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.image_content_type).toBe('image/jpeg');
  });

  it('answers a placeholder SVG when the product has no image, and 404 for an unknown product', async () => {
    const id = await newProduct();
    const res = await testApp().request(`/web/products/${id}/image?update=0`, {
      headers: { Authorization: `Bearer ${t.group}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('image/svg+xml');
    expect(await res.text()).toContain('<svg');
    const missing = await rest('GET', '/web/products/99999999/image', { token: t.group });
    expect(missing.status).toBe(404);
  });

  it('rejects other types by their bytes (whatever they claim), oversize files and a missing field', async () => {
    const id = await newProduct();
    const gif = await upload(id, new TextEncoder().encode('GIF89a....'), t.group, 'image/png');
    expect(gif.status).toBe(400);
    expect(((await gif.json()) as { error: { code: string } }).error.code).toBe('PRODUCT_IMAGE_INVALID_TYPE');
    const big = new Uint8Array(PRODUCT_IMAGE_MAX_BYTES + 1);
    big.set(red.subarray(0, 8));
    const tooBig = await upload(id, big, t.group);
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { error: { code: string } }).error.code).toBe('PRODUCT_IMAGE_TOO_LARGE');
    const none = await upload(id, null, t.group);
    expect(none.status).toBe(400);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe('PRODUCT_IMAGE_MISSING');
    const row = await demoDb()
      .selectFrom('products')
      .select('image_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.image_key).toBeNull();
  });

  it('refuses image changes of exclusive products to non-providers and all calls to operators', async () => {
    const id = await newProduct(t.admin, { isDvExclusive: true });
    const refused = await upload(id, red, t.group);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'PRODUCT_EXCLUSIVE_READ_ONLY',
    );
    expect((await upload(id, red, t.admin)).status).toBe(200);
    expect((await upload(id, red, t.operator)).status).toBe(403);
  });

  it('serves the seeded demo images as decodable PNGs', async () => {
    const seeded = await demoDb()
      .selectFrom('products')
      .select(['id', 'image_updated_at'])
      .where('sku', '=', 'EXT-PQS-4')
      .executeTakeFirstOrThrow();
    const res = await testApp().request(
      `/web/products/${seeded.id}/image?update=${seeded.image_updated_at!.getTime()}`,
      { headers: { Authorization: `Bearer ${t.group}` } },
    );
    expect(res.status).toBe(200);
    const png = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
    expect(png.width).toBe(96);
  });
});
