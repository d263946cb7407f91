import { defineErrors } from '../define-errors.ts';

/** Codes of the HTTP platform itself (idempotent retries, maintenance mode). */
export const platformErrors = defineErrors({
  IDEMPOTENCY_KEY_INVALID: {
    status: 400,
    message: 'Idempotency-Key inválida: use até 255 caracteres visíveis',
    en: 'Invalid Idempotency-Key: use up to 255 visible characters',
    es: 'Idempotency-Key inválida: use hasta 255 caracteres visibles',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    message: 'Esta Idempotency-Key já foi usada com outra requisição',
    en: 'This Idempotency-Key was already used with a different request',
    es: 'Esta Idempotency-Key ya se usó con otra solicitud',
  },
  IDEMPOTENCY_KEY_IN_PROGRESS: {
    status: 409,
    message: 'A requisição com esta Idempotency-Key ainda está em andamento',
    en: 'The request with this Idempotency-Key is still in progress',
    es: 'La solicitud con esta Idempotency-Key aún está en curso',
  },
  MAINTENANCE_MODE: {
    status: 503,
    message: 'O sistema está em manutenção. Tente novamente em alguns minutos.',
    en: 'The system is under maintenance. Please try again in a few minutes.',
    es: 'El sistema está en mantenimiento. Inténtelo de nuevo en unos minutos.',
  },
});
