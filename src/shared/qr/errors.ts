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
});
