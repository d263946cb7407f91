import { defineErrors } from '../define-errors.ts';

/** Categories, subcategories (inspection types) and products (seed 001 §5, §6). */
export const catalogueErrors = defineErrors({
  CATALOGUE_LIST_INVALID: {
    status: 400,
    message: 'Os itens da lista devem ser preenchidos e distintos',
    en: 'List items must be filled in and distinct',
    es: 'Los elementos de la lista deben estar completos y ser distintos',
  },
  CUSTOM_ANSWERS_LIMIT: {
    status: 400,
    message: 'No máximo {max} respostas personalizadas por pergunta',
    en: 'At most {max} custom answers per question',
    es: 'Como máximo {max} respuestas personalizadas por pregunta',
  },
  CUSTOM_ANSWERS_QUESTION_NOT_CUSTOM: {
    status: 400,
    message: 'Respostas personalizadas só valem para perguntas do tipo personalizada',
    en: 'Custom answers only apply to questions of the custom type',
    es: 'Las respuestas personalizadas solo valen para preguntas de tipo personalizada',
  },
  CATEGORY_NAME_EXISTS: {
    status: 409,
    message: 'Já existe uma categoria com o nome {name}',
    en: 'A category named {name} already exists',
    es: 'Ya existe una categoría con el nombre {name}',
  },
  CATEGORY_DISABLED: {
    status: 400,
    message: 'Categoria desabilitada não pode ser selecionada',
    en: 'A disabled category cannot be selected',
    es: 'No se puede seleccionar una categoría deshabilitada',
  },
  INSPECTION_TYPE_NAME_EXISTS: {
    status: 409,
    message: 'Já existe uma subcategoria com o nome {name} nesta categoria',
    en: 'A subcategory named {name} already exists in this category',
    es: 'Ya existe una subcategoría con el nombre {name} en esta categoría',
  },
  INSPECTION_TYPE_DISABLED: {
    status: 400,
    message: 'Subcategoria desabilitada não pode ser selecionada',
    en: 'A disabled subcategory cannot be selected',
    es: 'No se puede seleccionar una subcategoría deshabilitada',
  },
  PRODUCT_CATEGORY_MISMATCH: {
    status: 400,
    message: 'A subcategoria não pertence à categoria escolhida',
    en: 'The subcategory does not belong to the chosen category',
    es: 'La subcategoría no pertenece a la categoría elegida',
  },
  PRODUCT_SKU_EXISTS: {
    status: 409,
    message: 'Já existe um produto com o SKU {sku}',
    en: 'A product with SKU {sku} already exists',
    es: 'Ya existe un producto con el SKU {sku}',
  },
  PRODUCT_EXCLUSIVE_FORBIDDEN: {
    status: 403,
    message: 'Somente o administrador da plataforma define produtos exclusivos',
    en: 'Only the platform administrator can make products exclusive',
    es: 'Solo el administrador de la plataforma define productos exclusivos',
  },
  PRODUCT_EXCLUSIVE_READ_ONLY: {
    status: 403,
    message: 'Produto exclusivo do provedor: somente leitura',
    en: 'Provider-exclusive product: read only',
    es: 'Producto exclusivo del proveedor: solo lectura',
  },
  PRODUCT_IMAGE_MISSING: {
    status: 400,
    message: 'Envie a imagem no campo file',
    en: 'Send the image in the file field',
    es: 'Envíe la imagen en el campo file',
  },
  PRODUCT_IMAGE_INVALID_TYPE: {
    status: 400,
    message: 'A imagem deve ser PNG, JPEG ou WebP',
    en: 'The image must be PNG, JPEG or WebP',
    es: 'La imagen debe ser PNG, JPEG o WebP',
  },
  PRODUCT_IMAGE_TOO_LARGE: {
    status: 413,
    message: 'A imagem deve ter no máximo 2 MB',
    en: 'The image must be at most 2 MB',
    es: 'La imagen debe tener como máximo 2 MB',
  },
});
