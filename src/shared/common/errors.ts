import { defineErrors } from '../define-errors.ts';

/** Codes every domain may answer: input, session, access, lookups, limits, server and database faults. */
export const commonErrors = defineErrors({
  VALIDATION_FAILED: { status: 400, message: 'Dados inválidos', en: 'Invalid data', es: 'Datos inválidos' },
  UNAUTHENTICATED: {
    status: 401,
    message: 'Sessão inválida ou expirada',
    en: 'Invalid or expired session',
    es: 'Sesión inválida o expirada',
  },
  FORBIDDEN: { status: 403, message: 'Acesso negado', en: 'Access denied', es: 'Acceso denegado' },
  TENANT_FORBIDDEN: {
    status: 403,
    message: 'Acesso negado a esta empresa',
    en: 'Access to this company denied',
    es: 'Acceso denegado a esta empresa',
  },
  NOT_FOUND: { status: 404, message: 'Não encontrado', en: 'Not found', es: 'No encontrado' },
  CONFLICT: { status: 409, message: 'Conflito', en: 'Conflict', es: 'Conflicto' },
  RATE_LIMITED: {
    status: 429,
    message: 'Muitas tentativas. Tente novamente mais tarde.',
    en: 'Too many attempts. Please try again later.',
    es: 'Demasiados intentos. Inténtelo de nuevo más tarde.',
  },
  REQUEST_TOO_LARGE: {
    status: 413,
    message: 'Requisição grande demais',
    en: 'Request too large',
    es: 'Solicitud demasiado grande',
  },
  HEADERS_TOO_LARGE: {
    status: 431,
    message: 'Endereço ou cabeçalhos grandes demais',
    en: 'Address or headers too large',
    es: 'Dirección o cabeceras demasiado grandes',
  },
  BAD_REQUEST: {
    status: 400,
    message: 'Requisição malformada',
    en: 'Malformed request',
    es: 'Solicitud malformada',
  },
  INTERNAL_ERROR: {
    status: 500,
    message: 'Problema com o servidor',
    en: 'Something went wrong on the server',
    es: 'Problema con el servidor',
  },
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: 'Banco de dados indisponível no momento. Tente novamente em instantes.',
    en: 'The database is unavailable right now. Please try again in a moment.',
    es: 'La base de datos no está disponible en este momento. Inténtelo de nuevo en unos instantes.',
  },
  DATABASE_NOT_MIGRATED: {
    status: 503,
    message: 'O banco de dados não está atualizado: execute as migrações (npm run migrate).',
    en: 'The database is not up to date: run the migrations (npm run migrate).',
    es: 'La base de datos no está actualizada: ejecute las migraciones (npm run migrate).',
  },
  SERVER_SHUTTING_DOWN: {
    status: 503,
    message: 'Este servidor está sendo desligado. Tente novamente em instantes.',
    en: 'This server is shutting down. Please try again in a moment.',
    es: 'Este servidor se está apagando. Inténtelo de nuevo en unos instantes.',
  },
  REDIS_UNAVAILABLE: {
    status: 503,
    message: 'Fila de tarefas (Redis) indisponível no momento. Tente novamente em instantes.',
    en: 'The job queue (Redis) is unavailable right now. Please try again in a moment.',
    es: 'La cola de tareas (Redis) no está disponible en este momento. Inténtelo de nuevo en unos instantes.',
  },
});
