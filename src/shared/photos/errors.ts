import { defineErrors } from '../define-errors.ts';

/** Photos on field records (issue 29 item 1). */
export const photosErrors = defineErrors({
  RECORD_PHOTO_MISSING: {
    status: 400,
    message: 'Envie a foto no campo file',
    en: 'Send the photo in the file field',
    es: 'Envíe la foto en el campo file',
  },
  RECORD_PHOTO_INVALID_TYPE: {
    status: 415,
    message: 'A foto deve ser JPEG ou PNG',
    en: 'The photo must be JPEG or PNG',
    es: 'La foto debe ser JPEG o PNG',
  },
  RECORD_PHOTO_TOO_LARGE: {
    status: 413,
    message: 'A foto deve ter no máximo {max} MB',
    en: 'The photo must be at most {max} MB',
    es: 'La foto debe tener como máximo {max} MB',
  },
  RECORD_PHOTO_LIMIT: {
    status: 409,
    message: 'O registro já tem {max} fotos',
    en: 'The record already has {max} photos',
    es: 'El registro ya tiene {max} fotos',
  },
  RECORD_PHOTO_QUESTION_NOT_IN_RECORD: {
    status: 400,
    message: 'A pergunta {questionId} não faz parte das respostas deste registro',
    en: 'Question {questionId} is not among this record’s answers',
    es: 'La pregunta {questionId} no forma parte de las respuestas de este registro',
  },
  RECORD_PHOTO_LINK_INVALID: {
    status: 403,
    message: 'Link da foto inválido ou expirado',
    en: 'Invalid or expired photo link',
    es: 'Enlace de la foto no válido o expirado',
  },
});
