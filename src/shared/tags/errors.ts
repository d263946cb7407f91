import { defineErrors } from '../define-errors.ts';

/** Tags list and tag replacement (issue 11 items 4–6); tag lookups answer the equipment codes. */
export const tagsErrors = defineErrors({
  TAG_REPLACEMENT_NOT_FOUND: {
    status: 404,
    message: 'Solicitação de substituição não encontrada',
    en: 'Replacement request not found',
    es: 'Solicitud de sustitución no encontrada',
  },
  TAG_COMPANY_MISMATCH: {
    status: 409,
    message: 'A tag {serial} pertence a outra empresa',
    en: 'Tag {serial} belongs to another company',
    es: 'La etiqueta {serial} pertenece a otra empresa',
  },
  DATE_IN_FUTURE: {
    status: 400,
    message: 'A data não pode ser futura',
    en: 'The date cannot be in the future',
    es: 'La fecha no puede ser futura',
  },
});
