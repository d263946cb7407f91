/**
 * Error catalogue shared by server and client. Codes from the seeds are kept verbatim;
 * the rest follow the same UPPER_SNAKE style. `status` is the HTTP status the REST shim answers.
 */
export const ERROR_CATALOGUE = {
  // generic
  VALIDATION_FAILED: { status: 400, message: 'Dados inválidos' },
  UNAUTHENTICATED: { status: 401, message: 'Sessão inválida ou expirada' },
  FORBIDDEN: { status: 403, message: 'Acesso negado' },
  TENANT_FORBIDDEN: { status: 403, message: 'Acesso negado a esta empresa' },
  NOT_FOUND: { status: 404, message: 'Não encontrado' },
  CONFLICT: { status: 409, message: 'Conflito' },
  RATE_LIMITED: { status: 429, message: 'Muitas tentativas. Tente novamente mais tarde.' },
  INTERNAL_ERROR: { status: 500, message: 'Problema com o servidor' },
  // authentication (seed 000 §8)
  AUTHENTICATION_INVALID_CREDENTIALS: { status: 401, message: 'e-mail e/ou senha inválidos' },
  AUTHENTICATION_PENDING_USER_STATUS: {
    status: 403,
    message: 'Seu cadastro está em análise. Em caso de dúvidas, entre em contato com o suporte.',
  },
  AUTHENTICATION_INACTIVE_USER: { status: 403, message: 'Usuário inativo' },
  AUTHENTICATION_RATE_LIMITED: { status: 429, message: 'Muitas tentativas de login. Tente novamente mais tarde.' },
  // accounts (seed 000 §8)
  USER_REGISTER_EMAIL_EXISTS: { status: 409, message: 'Email {email} já existe' },
  USER_REGISTER_EMAIL_INVALID: { status: 400, message: 'Email {email} é inválido' },
  USER_CREATE_EMAIL_EXISTS: { status: 409, message: 'email exists' },
  PASSWORD_CURRENT_INVALID: { status: 400, message: 'Senha atual inválida' },
  PASSWORD_RESET_EMAIL_INVALID: { status: 400, message: 'Email inválido' },
  TOKEN_INVALID: { status: 400, message: 'Token inválido ou expirado' },
  // company groups (seed 000 §8)
  CREATE_MISSING_FIELD: { status: 400, message: 'missing field' },
  CREATE_EXISTING_COMPANY_GROUP: { status: 409, message: 'company group already exists' },
  CREATE_BAD_COMPANY_GROUP_NAME: { status: 400, message: 'company group invalid name' },
  MIGRATE_INVALID_CATALOG: { status: 400, message: 'company group invalid name' },
  MIGRATE_COULD_NOT_MIGRATE: { status: 409, message: 'We were unable to migrate.' },
  // jobs
  JOB_NOT_READY: { status: 409, message: 'O arquivo ainda não está pronto' },
  JOB_FAILED: { status: 409, message: 'O processamento falhou' },
} as const satisfies Record<string, { status: number; message: string }>;

export type KnownErrorCode = keyof typeof ERROR_CATALOGUE;
/** Domains may add codes of their own; known ones get their status and message from the catalogue. */
export type ErrorCode = KnownErrorCode | (string & {});

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  issues?: { path: string; message: string }[];
}

/** Fills `{name}` placeholders of a catalogue message. */
export function formatMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => (k in params ? String(params[k]) : `{${k}}`));
}
