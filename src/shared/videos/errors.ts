import { defineErrors } from '../define-errors.ts';

/** Video lessons (issue 18): the listing, signed links, range requests and uploads. */
export const videosErrors = defineErrors({
  VIDEO_LISTING_FAILED: {
    status: 503,
    message: 'Não foi possível listar as videoaulas',
    en: 'The video lessons could not be listed',
    es: 'No se pudieron listar las videoclases',
  },
  VIDEO_LINK_INVALID: {
    status: 403,
    message: 'Link de vídeo inválido ou expirado',
    en: 'Invalid or expired video link',
    es: 'Enlace de video no válido o expirado',
  },
  VIDEO_RANGE_NOT_SATISFIABLE: {
    status: 416,
    message: 'O intervalo pedido está fora do vídeo ({size} bytes)',
    en: 'The requested range is outside the video ({size} bytes)',
    es: 'El rango pedido está fuera del video ({size} bytes)',
  },
  VIDEO_UPLOAD_MISSING: {
    status: 400,
    message: 'Envie o arquivo do vídeo',
    en: 'Send the video file',
    es: 'Envíe el archivo del video',
  },
  VIDEO_UPLOAD_INVALID_TYPE: {
    status: 415,
    message: 'O arquivo não é um vídeo MP4 ou WebM',
    en: 'The file is not an MP4 or WebM video',
    es: 'El archivo no es un video MP4 o WebM',
  },
  VIDEO_UPLOAD_TOO_LARGE: {
    status: 413,
    message: 'O vídeo passa do limite de {max} MB',
    en: 'The video exceeds the limit of {max} MB',
    es: 'El video supera el límite de {max} MB',
  },
});
