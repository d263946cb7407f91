/**
 * The catalogue's service surface: what operations.ts calls. Every function is `(ctx, input)`;
 * who may call them is declared once, in operations.ts. The business rules stay here (e.g. a
 * provider-exclusive product is read-only for everyone but the provider admin).
 */
export {
  categoryOptions,
  createCategory,
  getCategory,
  getCategoryAttributes,
  listCategories,
  saveCategory,
  saveCategoryAttributes,
  updateCategory,
} from './categories.ts';
export {
  getProductImage,
  imageResponse,
  readProductImage,
  PLACEHOLDER_ETAG,
  PLACEHOLDER_SVG,
  type ProductImage,
  type ProductImageUpload,
  setProductImage,
} from './images.ts';
export {
  createInspectionType,
  getCustomAnswers,
  getInspectionQuestions,
  getInspectionTypeAttributes,
  getInspectionTypeDetail,
  getMaintenanceQuestions,
  inspectionTypeOptions,
  listInspectionTypes,
  saveCustomAnswers,
  saveInspectionQuestions,
  saveInspectionType,
  saveInspectionTypeAttributes,
  saveMaintenanceQuestions,
  updateInspectionType,
} from './inspection-types.ts';
export {
  createProduct,
  getMaintenanceParts,
  getProduct,
  listProducts,
  productOptions,
  saveMaintenanceParts,
  saveProduct,
  updateProduct,
} from './products.ts';
