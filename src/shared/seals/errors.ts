import { defineErrors } from '../define-errors.ts';

/** Signatures, sealed records and their public verification (issue 29 items 2 and 3). */
export const sealsErrors = defineErrors({
  RECORD_SEALED: {
    status: 409,
    message:
      'Este registro foi assinado e selado: não pode ser alterado nem receber acréscimos. Faça um novo registro de correção.',
    en: 'This record was signed and sealed: it cannot be changed or added to. Make a new correcting record.',
    es: 'Este registro fue firmado y sellado: no puede modificarse ni recibir añadidos. Haga un nuevo registro de corrección.',
  },
  SIGNATURE_IMAGE_INVALID: {
    status: 400,
    message: 'A assinatura não é uma imagem PNG válida (data URL image/png, até 2000×1000 pixels)',
    en: 'The signature is not a valid PNG image (image/png data URL, up to 2000×1000 pixels)',
    es: 'La firma no es una imagen PNG válida (data URL image/png, hasta 2000×1000 píxeles)',
  },
  SIGNATURE_IMAGE_TOO_LARGE: {
    status: 413,
    message: 'A assinatura passa de 200 KB',
    en: 'The signature is over 200 KB',
    es: 'La firma supera los 200 KB',
  },
  SEAL_CORRECTS_INVALID: {
    status: 409,
    message: 'O registro corrigido deve ser outro registro selado do mesmo tipo e do mesmo equipamento',
    en: 'The corrected record must be another sealed record of the same kind and the same equipment',
    es: 'El registro corregido debe ser otro registro sellado del mismo tipo y del mismo equipo',
  },
  SEAL_CODE_NOT_FOUND: {
    status: 404,
    message: 'Código de verificação não encontrado',
    en: 'Verification code not found',
    es: 'Código de verificación no encontrado',
  },
});
