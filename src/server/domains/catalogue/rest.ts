import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  categoryAttributeListSchema,
  categoryFieldsSchema,
  customAnswerListSchema,
  inspectionQuestionListSchema,
  inspectionTypeAttributeListSchema,
  inspectionTypeFieldsSchema,
  maintenancePartListSchema,
  maintenanceQuestionListSchema,
  PRODUCT_IMAGE_MAX_BYTES,
  productFieldsSchema,
} from '../../../shared/catalogue/index.ts';
import { AppError } from '../../errors.ts';
import { restRoutes } from '../../openapi.ts';
import { type AppEnv, idParam, jsonBody, ok, type RestApp, requireTenant } from '../../rest.ts';
import * as s from './service.ts';

const roles = s.CATALOGUE_ROLES;
const tenant = (c: Context<AppEnv>) => requireTenant(c, roles);

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const num = z.coerce.number().int();
/** Query string of the list calls; `size` and `field` are accepted as aliases of pageSize and sort. */
const listQuery = z.object({
  page: num.min(0).optional(),
  pageSize: num.optional(),
  size: num.optional(),
  query: z.string().max(200).optional(),
  sort: z.string().max(64).optional(),
  field: z.string().max(64).optional(),
  direction: z.enum(['asc', 'desc']).optional(),
  enabled: bool.optional(),
  categoryId: num.positive().optional(),
  inspectionTypeId: num.positive().optional(),
});
function listInput(c: Context) {
  const q = listQuery.parse(c.req.query());
  return {
    page: q.page,
    pageSize: q.pageSize ?? q.size,
    query: q.query,
    sort: q.sort ?? q.field,
    direction: q.direction,
    enabled: q.enabled === undefined ? undefined : q.enabled ? 'yes' : 'no',
    categoryId: q.categoryId,
    inspectionTypeId: q.inspectionTypeId,
  } as never;
}

/** REST shim (`/web/*`) routes of the catalogue domain (seed 001 §7). */
export function registerCatalogueRest(app: RestApp): void {
  const r = restRoutes(app, 'Catalogue');
  const meta = (summary: string, extra: object = {}) => ({ summary, roles, ...extra });

  // ── categories ──
  r.get(
    '/web/categories/',
    meta('Categories, paged (query, enabled, page, pageSize, sort, direction).', { query: listQuery }),
    async (c) => ok(c, await s.listCategories(tenant(c), listInput(c))),
  );
  r.get('/web/categories/options/', meta('All categories for selects.'), async (c) =>
    ok(c, await s.categoryOptions(tenant(c))),
  );
  r.get('/web/categories/:id/', meta('One category.'), async (c) =>
    ok(c, await s.getCategory(tenant(c), idParam(c))),
  );
  r.post(
    '/web/categories/',
    meta('Creates a category; answers its id.', { body: categoryFieldsSchema }),
    async (c) => {
      const ctx = tenant(c);
      return ok(c, await s.createCategory(ctx, await jsonBody(c, categoryFieldsSchema)), 201);
    },
  );
  r.put('/web/categories/:id/', meta('Updates a category.', { body: categoryFieldsSchema }), async (c) => {
    const ctx = tenant(c);
    return ok(c, await s.updateCategory(ctx, idParam(c), await jsonBody(c, categoryFieldsSchema)));
  });
  for (const kind of ['inspection', 'maintenance'] as const) {
    const path = `/web/categories/:id/${kind}-attributes/`;
    r.get(path, meta(`The category's ${kind} attributes.`), async (c) =>
      ok(c, await s.getCategoryAttributes(tenant(c), idParam(c), kind)),
    );
    r.put(
      path,
      meta(`Saves the full list of ${kind} attributes (atomic).`, { body: categoryAttributeListSchema }),
      async (c) => {
        const ctx = tenant(c);
        return ok(
          c,
          await s.saveCategoryAttributes(
            ctx,
            idParam(c),
            kind,
            await jsonBody(c, categoryAttributeListSchema),
          ),
        );
      },
    );
  }

  // ── inspection types ──
  r.get(
    '/web/inspection-types/',
    meta('Subcategories, paged (query matches name or category).', { query: listQuery }),
    async (c) => ok(c, await s.listInspectionTypes(tenant(c), listInput(c))),
  );
  r.get('/web/inspection-types/:id/', meta('One subcategory with all its lists.'), async (c) =>
    ok(c, await s.getInspectionTypeDetail(tenant(c), idParam(c))),
  );
  r.post(
    '/web/inspection-types/',
    meta('Creates a subcategory; answers its id.', { body: inspectionTypeFieldsSchema }),
    async (c) => {
      const ctx = tenant(c);
      return ok(c, await s.createInspectionType(ctx, await jsonBody(c, inspectionTypeFieldsSchema)), 201);
    },
  );
  r.put(
    '/web/inspection-types/:id/',
    meta('Updates the subcategory fields.', { body: inspectionTypeFieldsSchema }),
    async (c) => {
      const ctx = tenant(c);
      return ok(
        c,
        await s.updateInspectionType(ctx, idParam(c), await jsonBody(c, inspectionTypeFieldsSchema)),
      );
    },
  );
  const typeLists = [
    ['inspection-questions', 'inspectionQuestions', inspectionQuestionListSchema, s.getInspectionQuestions],
    [
      'maintenance-questions',
      'maintenanceQuestions',
      maintenanceQuestionListSchema,
      s.getMaintenanceQuestions,
    ],
    [
      'inspection-type-attribute',
      'attributes',
      inspectionTypeAttributeListSchema,
      s.getInspectionTypeAttributes,
    ],
  ] as const;
  for (const [segment, list, schema, read] of typeLists) {
    const path = `/web/inspection-types/:id/${segment}/`;
    r.get(path, meta(`The subcategory's ${segment}.`), async (c) => ok(c, await read(tenant(c), idParam(c))));
    r.put(path, meta(`Saves the full list of ${segment} (atomic).`, { body: schema }), async (c) => {
      const ctx = tenant(c);
      return ok(c, await s.saveInspectionTypeList(ctx, idParam(c), list, await jsonBody(c, schema)));
    });
  }

  // ── custom answers ──
  for (const path of [
    '/web/inspection-custom-answer/:questionId',
    '/web/inspection-custom-answer/:questionId/',
  ]) {
    r.get(path, meta('Custom answers of an inspection question.'), async (c) =>
      ok(c, await s.getCustomAnswers(tenant(c), idParam(c, 'questionId'))),
    );
    r.put(
      path,
      meta('Saves the full list of custom answers (at most 5, atomic).', { body: customAnswerListSchema }),
      async (c) => {
        const ctx = tenant(c);
        return ok(
          c,
          await s.saveCustomAnswers(ctx, idParam(c, 'questionId'), await jsonBody(c, customAnswerListSchema)),
        );
      },
    );
  }

  // ── products ──
  r.get(
    '/web/products/',
    meta('Products, paged (query matches SKU or name; categoryId, inspectionTypeId).', { query: listQuery }),
    async (c) => ok(c, await s.listProducts(tenant(c), listInput(c))),
  );
  r.get('/web/products/:id/', meta('One product.'), async (c) =>
    ok(c, await s.getProduct(tenant(c), idParam(c))),
  );
  r.post(
    '/web/products/',
    meta('Creates a product; answers its id.', { body: productFieldsSchema }),
    async (c) => {
      const ctx = tenant(c);
      return ok(c, await s.createProduct(ctx, await jsonBody(c, productFieldsSchema)), 201);
    },
  );
  r.put(
    '/web/products/:id/',
    meta('Updates a product (provider-exclusive ones only by the provider admin).', {
      body: productFieldsSchema,
    }),
    async (c) => {
      const ctx = tenant(c);
      return ok(c, await s.updateProduct(ctx, idParam(c), await jsonBody(c, productFieldsSchema)));
    },
  );
  r.get('/web/products/:id/maintenance-parts/', meta('Maintenance parts of a product.'), async (c) =>
    ok(c, await s.getMaintenanceParts(tenant(c), idParam(c))),
  );
  r.put(
    '/web/products/:id/maintenance-parts/',
    meta('Saves the full list of maintenance parts (atomic).', { body: maintenancePartListSchema }),
    async (c) => {
      const ctx = tenant(c);
      return ok(
        c,
        await s.saveMaintenanceParts(ctx, idParam(c), await jsonBody(c, maintenancePartListSchema)),
      );
    },
  );
  const putImage = async (c: Context<AppEnv>) => {
    const ctx = tenant(c);
    const id = idParam(c);
    // Refuse an oversized body before reading it (multipart overhead allowed).
    const declared = Number(c.req.header('Content-Length') ?? 0);
    if (declared > PRODUCT_IMAGE_MAX_BYTES + 64 * 1024) throw new AppError('PRODUCT_IMAGE_TOO_LARGE');
    let file: unknown;
    try {
      file = (await c.req.parseBody()).file;
    } catch {
      throw new AppError('PRODUCT_IMAGE_MISSING');
    }
    const bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : null;
    return ok(c, await s.setProductImage(ctx, id, bytes));
  };
  r.put(
    '/web/products/:id/image/',
    meta('Uploads the product image: multipart field `file`, PNG/JPEG/WebP, at most 2 MB.'),
    putImage,
  );
  r.put('/web/products/:id/image', meta('Same as with the trailing slash.'), putImage);
  const getImage = async (c: Context<AppEnv>) => {
    const ctx = tenant(c);
    const img = await s.getProductImage(ctx, idParam(c));
    const etag = img?.etag ?? s.PLACEHOLDER_ETAG;
    // A URL naming the current version never changes, so it may be cached for good.
    const cache =
      img && c.req.query('update') === img.version
        ? 'private, max-age=31536000, immutable'
        : 'private, no-cache';
    const headers = { ETag: etag, 'Cache-Control': cache, 'X-Content-Type-Options': 'nosniff' };
    if (c.req.header('If-None-Match') === etag) {
      img?.stream.destroy();
      return c.body(null, 304, headers);
    }
    if (!img) return c.body(s.PLACEHOLDER_SVG, 200, { ...headers, 'Content-Type': 'image/svg+xml' });
    return c.body(Readable.toWeb(img.stream) as ReadableStream, 200, {
      ...headers,
      'Content-Type': img.contentType,
    });
  };
  r.get(
    '/web/products/:id/image',
    meta('The product image (placeholder SVG when missing); `update` busts caches.', { produces: 'image/*' }),
    getImage,
  );
  r.get(
    '/web/products/:id/image/',
    meta('Same as without the trailing slash.', { produces: 'image/*' }),
    getImage,
  );
}
