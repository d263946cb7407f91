import { defineErrors } from '../define-errors.ts';

/** Background jobs, their files and signed download links. */
export const jobsErrors = defineErrors({
  JOB_NOT_READY: {
    status: 409,
    message: 'O arquivo ainda não está pronto',
    en: 'The file is not ready yet',
    es: 'El archivo aún no está listo',
  },
  JOB_FAILED: {
    status: 409,
    message: 'O processamento falhou',
    en: 'Processing failed',
    es: 'El procesamiento falló',
  },
  JOB_RESULT_EXPIRED: {
    status: 410,
    message: 'O arquivo expirou. Gere-o novamente.',
    en: 'The file has expired. Please generate it again.',
    es: 'El archivo expiró. Genérelo de nuevo.',
  },
  DOWNLOAD_LINK_INVALID: {
    status: 403,
    message: 'Link de download inválido ou expirado',
    en: 'Invalid or expired download link',
    es: 'Enlace de descarga inválido o expirado',
  },
});
