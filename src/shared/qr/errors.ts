import { defineErrors } from '../define-errors.ts';

/** QR code batches. */
export const qrErrors = defineErrors({
  QR_QUANTITY_OUT_OF_RANGE: {
    status: 400,
    message: 'A quantidade deve ser um número inteiro entre {min} e {max}',
    en: 'The quantity must be a whole number between {min} and {max}',
    es: 'La cantidad debe ser un número entero entre {min} y {max}',
  },
  QR_MONTHLY_QUOTA_EXCEEDED: {
    status: 429,
    message:
      'A cota mensal de {quota} QR Codes da empresa não comporta este lote: restam {remaining} este mês',
    en: "This batch does not fit the company's monthly quota of {quota} QR codes: {remaining} left this month",
    es: 'Este lote no cabe en la cuota mensual de {quota} códigos QR de la empresa: quedan {remaining} este mes',
  },
  QR_TAGS_LIMIT_EXCEEDED: {
    status: 409,
    message: 'A empresa já tem {spare} tags sem uso; com este lote passaria do limite de {limit} tags',
    en: 'The company already holds {spare} unused tags; this batch would pass its limit of {limit} tags',
    es: 'La empresa ya tiene {spare} etiquetas sin uso; este lote superaría su límite de {limit} etiquetas',
  },
  QR_TEMPLATE_NOT_FOUND: {
    status: 404,
    message: 'Modelo de etiqueta não encontrado',
    en: 'Label template not found',
    es: 'Plantilla de etiqueta no encontrada',
  },
  QR_TEMPLATE_NAME_EXISTS: {
    status: 409,
    message: 'Já existe um modelo de etiqueta com o nome {name}',
    en: 'A label template named {name} already exists',
    es: 'Ya existe una plantilla de etiqueta con el nombre {name}',
  },
  QR_TEMPLATE_LABELS_OVERLAP: {
    status: 400,
    message:
      'As etiquetas do modelo se sobrepõem: o passo deve ser de pelo menos a largura e a altura da etiqueta',
    en: "The template's labels overlap: the pitch must be at least the label's width and height",
    es: 'Las etiquetas de la plantilla se superponen: el paso debe ser al menos el ancho y el alto de la etiqueta',
  },
  QR_TEMPLATE_LABELS_OFF_PAGE: {
    status: 400,
    message: 'As etiquetas do modelo não cabem na página de {pageWidth} × {pageHeight} mm',
    en: "The template's labels do not fit its {pageWidth} × {pageHeight} mm page",
    es: 'Las etiquetas de la plantilla no caben en la página de {pageWidth} × {pageHeight} mm',
  },
  QR_TEMPLATE_QR_TOO_SMALL: {
    status: 400,
    message: 'Um QR Code de {size} mm fica pequeno demais para ser lido: o mínimo é {min} mm',
    en: 'A {size} mm QR code is too small to be scanned: the minimum is {min} mm',
    es: 'Un código QR de {size} mm es demasiado pequeño para leerse: el mínimo es {min} mm',
  },
  QR_TEMPLATE_QR_DOES_NOT_FIT: {
    status: 400,
    message: 'O QR Code de {size} mm e o texto não cabem na etiqueta de {width} × {height} mm',
    en: 'The {size} mm QR code and its text do not fit the {width} × {height} mm label',
    es: 'El código QR de {size} mm y el texto no caben en la etiqueta de {width} × {height} mm',
  },
  QR_OFFSET_OUT_OF_RANGE: {
    status: 400,
    message: 'O início deve ser um número inteiro entre 0 e {max} (etiquetas já usadas da primeira folha)',
    en: 'The start must be a whole number between 0 and {max} (labels already used on the first sheet)',
    es: 'El inicio debe ser un número entero entre 0 y {max} (etiquetas ya usadas de la primera hoja)',
  },
  QR_ZPL_NEEDS_THERMAL: {
    status: 400,
    message: 'O arquivo ZPL só é gerado para modelos de rolo térmico',
    en: 'ZPL files are only made for thermal roll templates',
    es: 'El archivo ZPL solo se genera para plantillas de rollo térmico',
  },
});
