import { z } from 'zod';
import {
  categoryAttributeListSchema,
  customAnswerListSchema,
  inspectionQuestionListSchema,
  inspectionTypeAttributeListSchema,
  listCategoriesSchema,
  listInspectionTypesSchema,
  listProductsSchema,
  maintenancePartListSchema,
  maintenanceQuestionListSchema,
  saveCategorySchema,
  saveInspectionTypeSchema,
  saveProductSchema,
} from '../../../shared/catalogue/schemas.ts';
import { router, tenantProcedure } from '../../trpc.ts';
import * as s from './service.ts';

const admin = tenantProcedure(s.CATALOGUE_ROLES);
const byId = z.object({ id: z.number().int().positive() });
const attributeKind = z.enum(['inspection', 'maintenance']);

/** tRPC procedures of the catalogue domain; every one is for the admin roles of the caller's group. */
export const catalogueRouter = router({
  categories: router({
    list: admin.input(listCategoriesSchema).query(({ ctx, input }) => s.listCategories(ctx, input)),
    options: admin.query(({ ctx }) => s.categoryOptions(ctx)),
    get: admin.input(byId).query(({ ctx, input }) => s.getCategory(ctx, input.id)),
    attributes: admin
      .input(byId.extend({ kind: attributeKind }))
      .query(({ ctx, input }) => s.getCategoryAttributes(ctx, input.id, input.kind)),
    save: admin.input(saveCategorySchema).mutation(({ ctx, input }) => s.saveCategory(ctx, input)),
    saveAttributes: admin
      .input(byId.extend({ kind: attributeKind, rows: categoryAttributeListSchema }))
      .mutation(({ ctx, input }) => s.saveCategoryAttributes(ctx, input.id, input.kind, input.rows)),
  }),
  inspectionTypes: router({
    list: admin.input(listInspectionTypesSchema).query(({ ctx, input }) => s.listInspectionTypes(ctx, input)),
    options: admin
      .input(z.object({ categoryId: z.number().int().positive().optional() }))
      .query(({ ctx, input }) => s.inspectionTypeOptions(ctx, input.categoryId)),
    get: admin.input(byId).query(({ ctx, input }) => s.getInspectionTypeDetail(ctx, input.id)),
    /** Type fields + questions (with custom answers) + maintenance questions + attributes, atomically. */
    save: admin
      .input(saveInspectionTypeSchema)
      .mutation(({ ctx, input }) => s.saveInspectionType(ctx, input)),
    saveInspectionQuestions: admin
      .input(byId.extend({ rows: inspectionQuestionListSchema }))
      .mutation(({ ctx, input }) =>
        s.saveInspectionTypeList(ctx, input.id, 'inspectionQuestions', input.rows),
      ),
    saveMaintenanceQuestions: admin
      .input(byId.extend({ rows: maintenanceQuestionListSchema }))
      .mutation(({ ctx, input }) =>
        s.saveInspectionTypeList(ctx, input.id, 'maintenanceQuestions', input.rows),
      ),
    saveAttributes: admin
      .input(byId.extend({ rows: inspectionTypeAttributeListSchema }))
      .mutation(({ ctx, input }) => s.saveInspectionTypeList(ctx, input.id, 'attributes', input.rows)),
    customAnswers: admin
      .input(z.object({ questionId: z.number().int().positive() }))
      .query(({ ctx, input }) => s.getCustomAnswers(ctx, input.questionId)),
    saveCustomAnswers: admin
      .input(z.object({ questionId: z.number().int().positive(), rows: customAnswerListSchema }))
      .mutation(({ ctx, input }) => s.saveCustomAnswers(ctx, input.questionId, input.rows)),
  }),
  products: router({
    list: admin.input(listProductsSchema).query(({ ctx, input }) => s.listProducts(ctx, input)),
    get: admin.input(byId).query(({ ctx, input }) => s.getProduct(ctx, input.id)),
    maintenanceParts: admin.input(byId).query(({ ctx, input }) => s.getMaintenanceParts(ctx, input.id)),
    /** Fields + maintenance parts, atomically (the image goes through REST: multipart). */
    save: admin.input(saveProductSchema).mutation(({ ctx, input }) => s.saveProduct(ctx, input)),
    saveMaintenanceParts: admin
      .input(byId.extend({ rows: maintenancePartListSchema }))
      .mutation(({ ctx, input }) => s.saveMaintenanceParts(ctx, input.id, input.rows)),
  }),
});
