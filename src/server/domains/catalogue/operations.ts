import { z } from 'zod';
import { PRODUCT_IMAGE_MAX_BYTES } from '../../../shared/catalogue/enums.ts';
import {
  byQuestionId,
  categoryAttributesQuerySchema,
  categoryFieldsSchema,
  inspectionTypeFieldsSchema,
  inspectionTypeOptionsSchema,
  productOptionsSchema,
  listCategoriesSchema,
  listInspectionTypesSchema,
  listProductsSchema,
  productFieldsSchema,
  saveCategoryAttributesSchema,
  saveCategorySchema,
  saveCustomAnswersSchema,
  saveInspectionQuestionsSchema,
  saveInspectionTypeAttributesSchema,
  saveInspectionTypeSchema,
  saveMaintenancePartsSchema,
  saveMaintenanceQuestionsSchema,
  saveProductSchema,
  updateCategorySchema,
  updateInspectionTypeSchema,
  updateProductSchema,
} from '../../../shared/catalogue/schemas.ts';
import {
  categoryAttributeSchema,
  categorySchema,
  customAnswerSchema,
  inspectionQuestionSchema,
  inspectionTypeAttributeSchema,
  inspectionTypeDetailSchema,
  inspectionTypeSchema,
  maintenancePartSchema,
  maintenanceQuestionSchema,
  optionSchema,
  productOptionSchema,
  productImageSchema,
  productSchema,
} from '../../../shared/catalogue/types.ts';
import { byId, idField, idText } from '../../../shared/fields.ts';
import { pageSchema } from '../../../shared/list.ts';
import { ADMIN_ROLES, ALL_ROLES } from '../../../shared/roles.ts';
import { mutation, query, tenant } from '../../kit/operation.ts';
import * as s from './service.ts';

/** Provider, group and company admins manage their group's catalogue; operators never reach it. */
const admin = tenant(ADMIN_ROLES);
/** The reports' filter selects: names every tenant role already sees on its reports. */
const anyTenantRole = tenant(ALL_ROLES);

/** The id of a REST path, as text. */
const _pathId = z.object({ id: idText });

// ── categories ──────────────────────────────────────────────────────────────────────────────────

const categories = {
  list: query({
    access: admin,
    summary: 'Categories, paged (query, enabled, page, pageSize, sort, direction).',
    input: listCategoriesSchema,
    output: pageSchema(categorySchema),
    cache: 'per-caller',
    rest: { method: 'get', path: '/web/categories/' },
    handler: (ctx, input) => s.listCategories(ctx, input),
  }),
  options: query({
    access: anyTenantRole,
    summary: 'All categories for selects (disabled ones shown, not selectable).',
    output: z.array(optionSchema),
    // Declared before `get`, so this path is mounted before `/web/categories/:id/`.
    rest: { method: 'get', path: '/web/categories/options/' },
    handler: (ctx) => s.categoryOptions(ctx),
  }),
  get: query({
    access: admin,
    summary: 'One category.',
    input: byId,
    output: categorySchema,
    rest: { method: 'get', path: '/web/categories/:id/' },
    handler: (ctx, input) => s.getCategory(ctx, input),
  }),
  attributes: query({
    access: admin,
    summary: "The category's inspection or maintenance attributes.",
    input: categoryAttributesQuerySchema,
    output: z.array(categoryAttributeSchema),
    rest: [
      {
        method: 'get',
        path: '/web/categories/:id/inspection-attributes/',
        fixed: { kind: 'inspection' },
        summary: "The category's inspection attributes.",
      },
      {
        method: 'get',
        path: '/web/categories/:id/maintenance-attributes/',
        fixed: { kind: 'maintenance' },
        summary: "The category's maintenance attributes.",
      },
    ],
    handler: (ctx, input) => s.getCategoryAttributes(ctx, input),
  }),
  /** The dialog's save: fields and both attribute lists in one transaction. */
  save: mutation({
    access: admin,
    summary: 'Creates or updates a category with both attribute lists, atomically.',
    input: saveCategorySchema,
    output: categorySchema,
    handler: (ctx, input) => s.saveCategory(ctx, input),
  }),
  saveAttributes: mutation({
    access: admin,
    summary: 'Saves the full list of inspection or maintenance attributes (atomic).',
    input: saveCategoryAttributesSchema,
    output: z.array(categoryAttributeSchema),
    rest: [
      {
        method: 'put',
        path: '/web/categories/:id/inspection-attributes/',
        fixed: { kind: 'inspection' },
        bodyKey: 'rows',
        summary: 'Saves the full list of inspection attributes (atomic).',
      },
      {
        method: 'put',
        path: '/web/categories/:id/maintenance-attributes/',
        fixed: { kind: 'maintenance' },
        bodyKey: 'rows',
        summary: 'Saves the full list of maintenance attributes (atomic).',
      },
    ],
    handler: (ctx, input) => s.saveCategoryAttributes(ctx, input),
  }),
  create: mutation({
    access: admin,
    summary: 'Creates a category; answers its id.',
    input: categoryFieldsSchema,
    output: idField,
    trpc: false,
    rest: { method: 'post', path: '/web/categories/', status: 201 },
    handler: (ctx, input) => s.createCategory(ctx, input),
  }),
  update: mutation({
    access: admin,
    summary: 'Updates a category.',
    input: updateCategorySchema,
    output: categorySchema,
    trpc: false,
    rest: { method: 'put', path: '/web/categories/:id/' },
    handler: (ctx, input) => s.updateCategory(ctx, input),
  }),
};

// ── inspection types (subcategories) ────────────────────────────────────────────────────────────

const inspectionTypes = {
  list: query({
    access: admin,
    summary: 'Subcategories, paged (query matches name or category; enabled, categoryId).',
    input: listInspectionTypesSchema,
    output: pageSchema(inspectionTypeSchema),
    cache: 'per-caller',
    rest: { method: 'get', path: '/web/inspection-types/' },
    handler: (ctx, input) => s.listInspectionTypes(ctx, input),
  }),
  options: query({
    access: anyTenantRole,
    summary: 'Subcategories for selects, optionally of one category.',
    input: inspectionTypeOptionsSchema,
    output: z.array(optionSchema),
    // Declared before `get`, so this path is mounted before `/web/inspection-types/:id/`.
    rest: { method: 'get', path: '/web/inspection-types/options/' },
    handler: (ctx, input) => s.inspectionTypeOptions(ctx, input),
  }),
  get: query({
    access: admin,
    summary: 'One subcategory with all its lists (questions with custom answers, attributes).',
    input: byId,
    output: inspectionTypeDetailSchema,
    rest: { method: 'get', path: '/web/inspection-types/:id/' },
    handler: (ctx, input) => s.getInspectionTypeDetail(ctx, input),
  }),
  /** Type fields + questions (with custom answers) + maintenance questions + attributes, atomically. */
  save: mutation({
    access: admin,
    summary: 'Creates or updates a subcategory with all its lists, atomically.',
    input: saveInspectionTypeSchema,
    output: inspectionTypeDetailSchema,
    handler: (ctx, input) => s.saveInspectionType(ctx, input),
  }),
  saveInspectionQuestions: mutation({
    access: admin,
    summary: 'Saves the full list of inspection questions (atomic; custom answers have their own call).',
    input: saveInspectionQuestionsSchema,
    output: z.array(inspectionQuestionSchema),
    rest: { method: 'put', path: '/web/inspection-types/:id/inspection-questions/', bodyKey: 'rows' },
    handler: (ctx, input) => s.saveInspectionQuestions(ctx, input),
  }),
  saveMaintenanceQuestions: mutation({
    access: admin,
    summary: 'Saves the full list of maintenance questions (atomic).',
    input: saveMaintenanceQuestionsSchema,
    output: z.array(maintenanceQuestionSchema),
    rest: { method: 'put', path: '/web/inspection-types/:id/maintenance-questions/', bodyKey: 'rows' },
    handler: (ctx, input) => s.saveMaintenanceQuestions(ctx, input),
  }),
  saveAttributes: mutation({
    access: admin,
    summary: 'Saves the full list of subcategory attributes (atomic).',
    input: saveInspectionTypeAttributesSchema,
    output: z.array(inspectionTypeAttributeSchema),
    rest: { method: 'put', path: '/web/inspection-types/:id/inspection-type-attribute/', bodyKey: 'rows' },
    handler: (ctx, input) => s.saveInspectionTypeAttributes(ctx, input),
  }),
  customAnswers: query({
    access: admin,
    summary: 'Custom answers of an inspection question.',
    input: byQuestionId,
    output: z.array(customAnswerSchema),
    rest: { method: 'get', path: '/web/inspection-custom-answer/:questionId' },
    handler: (ctx, input) => s.getCustomAnswers(ctx, input),
  }),
  saveCustomAnswers: mutation({
    access: admin,
    summary: 'Saves the full list of custom answers of a CUSTOM question (at most 5, atomic).',
    input: saveCustomAnswersSchema,
    output: z.array(customAnswerSchema),
    rest: { method: 'put', path: '/web/inspection-custom-answer/:questionId', bodyKey: 'rows' },
    handler: (ctx, input) => s.saveCustomAnswers(ctx, input),
  }),
  create: mutation({
    access: admin,
    summary: 'Creates a subcategory; answers its id.',
    input: inspectionTypeFieldsSchema,
    output: idField,
    trpc: false,
    rest: { method: 'post', path: '/web/inspection-types/', status: 201 },
    handler: (ctx, input) => s.createInspectionType(ctx, input),
  }),
  update: mutation({
    access: admin,
    summary: 'Updates the subcategory fields.',
    input: updateInspectionTypeSchema,
    output: inspectionTypeSchema,
    trpc: false,
    rest: { method: 'put', path: '/web/inspection-types/:id/' },
    handler: (ctx, input) => s.updateInspectionType(ctx, input),
  }),
  inspectionQuestions: query({
    access: admin,
    summary: "The subcategory's inspection questions.",
    input: byId,
    output: z.array(inspectionQuestionSchema),
    trpc: false,
    rest: { method: 'get', path: '/web/inspection-types/:id/inspection-questions/' },
    handler: (ctx, input) => s.getInspectionQuestions(ctx, input),
  }),
  maintenanceQuestions: query({
    access: admin,
    summary: "The subcategory's maintenance questions.",
    input: byId,
    output: z.array(maintenanceQuestionSchema),
    trpc: false,
    rest: { method: 'get', path: '/web/inspection-types/:id/maintenance-questions/' },
    handler: (ctx, input) => s.getMaintenanceQuestions(ctx, input),
  }),
  attributes: query({
    access: admin,
    summary: "The subcategory's attributes.",
    input: byId,
    output: z.array(inspectionTypeAttributeSchema),
    trpc: false,
    rest: { method: 'get', path: '/web/inspection-types/:id/inspection-type-attribute/' },
    handler: (ctx, input) => s.getInspectionTypeAttributes(ctx, input),
  }),
};

// ── products ────────────────────────────────────────────────────────────────────────────────────

const uploadImage = mutation({
  access: admin,
  summary:
    'Uploads the product image: multipart field `file`, PNG/JPEG/WebP (checked by its bytes), at most 2 MB.',
  input: z.object({ id: idField, file: z.instanceof(Uint8Array).nullable() }),
  output: productImageSchema,
  trpc: false,
  rest: {
    method: 'put',
    path: '/web/products/:id/image/',
    multipart: {
      field: 'file',
      maxBytes: PRODUCT_IMAGE_MAX_BYTES,
      types: ['image/png', 'image/jpeg', 'image/webp'],
      tooLarge: 'PRODUCT_IMAGE_TOO_LARGE',
      invalid: 'PRODUCT_IMAGE_MISSING',
    },
    responses: { 413: 'PRODUCT_IMAGE_TOO_LARGE' },
  },
  handler: (ctx, input) => s.setProductImage(ctx, input),
});

const image = query({
  // Operators see products on tags and replacement requests; the picture is no more private than the name.
  access: tenant(ALL_ROLES),
  summary: 'The product image (a placeholder SVG when it has none).',
  input: byId,
  // The open file (a stream); the REST binding answers it as the body.
  output: z.custom<s.ProductImage | null>(),
  trpc: false,
  rest: {
    method: 'get',
    path: '/web/products/:id/image',
    // The open file (or the placeholder) with its ETag; 304 when the caller holds it.
    respond: (c, img: s.ProductImage | null) => s.imageResponse(c, img),
    produces: 'image/*',
    query: z.object({
      update: z.string().optional().describe('Version of the image (ms of its last change): busts caches.'),
    }),
    headers: [{ name: 'If-None-Match', description: 'The ETag already held: answers 304 when unchanged.' }],
    responses: { 304: 'Not modified' },
  },
  handler: (ctx, input) => s.getProductImage(ctx, input),
});

const products = {
  list: query({
    access: admin,
    summary: 'Products, paged (query matches SKU or name; enabled, categoryId, inspectionTypeId).',
    input: listProductsSchema,
    output: pageSchema(productSchema),
    cache: 'per-caller',
    rest: { method: 'get', path: '/web/products/' },
    handler: (ctx, input) => s.listProducts(ctx, input),
  }),
  options: query({
    access: anyTenantRole,
    summary: 'The products of one subcategory for selects (at most 1,000, by name).',
    input: productOptionsSchema,
    output: z.array(productOptionSchema),
    // Declared before `get`, so this path is mounted before `/web/products/:id/`.
    rest: { method: 'get', path: '/web/products/options/' },
    handler: (ctx, input) => s.productOptions(ctx, input),
  }),
  get: query({
    access: admin,
    summary: 'One product.',
    input: byId,
    output: productSchema,
    rest: { method: 'get', path: '/web/products/:id/' },
    handler: (ctx, input) => s.getProduct(ctx, input),
  }),
  maintenanceParts: query({
    access: admin,
    summary: 'Maintenance parts of a product.',
    input: byId,
    output: z.array(maintenancePartSchema),
    rest: { method: 'get', path: '/web/products/:id/maintenance-parts/' },
    handler: (ctx, input) => s.getMaintenanceParts(ctx, input),
  }),
  /** Fields + maintenance parts, atomically (the image goes through REST: multipart). */
  save: mutation({
    access: admin,
    summary: 'Creates or updates a product with its maintenance parts, atomically.',
    input: saveProductSchema,
    output: productSchema,
    handler: (ctx, input) => s.saveProduct(ctx, input),
  }),
  saveMaintenanceParts: mutation({
    access: admin,
    summary: 'Saves the full list of maintenance parts (atomic).',
    input: saveMaintenancePartsSchema,
    output: z.array(maintenancePartSchema),
    rest: { method: 'put', path: '/web/products/:id/maintenance-parts/', bodyKey: 'rows' },
    handler: (ctx, input) => s.saveMaintenanceParts(ctx, input),
  }),
  create: mutation({
    access: admin,
    summary: 'Creates a product; answers its id (provider-exclusive ones only by the provider admin).',
    input: productFieldsSchema,
    output: idField,
    trpc: false,
    rest: { method: 'post', path: '/web/products/', status: 201 },
    handler: (ctx, input) => s.createProduct(ctx, input),
  }),
  update: mutation({
    access: admin,
    summary: 'Updates a product (provider-exclusive ones only by the provider admin).',
    input: updateProductSchema,
    output: productSchema,
    trpc: false,
    rest: { method: 'put', path: '/web/products/:id/' },
    handler: (ctx, input) => s.updateProduct(ctx, input),
  }),
  uploadImage,
  image,
};

export const catalogueOperations = { categories, inspectionTypes, products };
