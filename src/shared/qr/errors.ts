import { defineErrors } from '../define-errors.ts';

/** QR code batches. */
export const qrErrors = defineErrors({
  QR_QUANTITY_OUT_OF_RANGE: {
    status: 400,
    message: 'A quantidade deve estar entre {min} e {max}',
    en: 'The quantity must be between {min} and {max}',
    es: 'La cantidad debe estar entre {min} y {max}',
  },
});
