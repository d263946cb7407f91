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
  AUTHENTICATION_RATE_LIMITED: {
    status: 429,
    message: 'Muitas tentativas de login. Tente novamente mais tarde.',
  },
  // accounts (seed 000 §8)
  USER_REGISTER_EMAIL_EXISTS: { status: 409, message: 'Email {email} já existe' },
  USER_REGISTER_EMAIL_INVALID: { status: 400, message: 'Email {email} é inválido' },
  USER_CREATE_EMAIL_EXISTS: { status: 409, message: 'email exists' },
  PASSWORD_CURRENT_INVALID: { status: 400, message: 'Senha atual inválida' },
  PASSWORD_RESET_EMAIL_INVALID: { status: 400, message: 'Email inválido' },
  TOKEN_INVALID: { status: 400, message: 'Token inválido ou expirado' },
  ENVIRONMENT_ALREADY_ACTIVE: {
    status: 409,
    message: 'Este ambiente já foi ativado. Entre com seu e-mail e senha.',
  },
  PHOTO_INVALID: { status: 400, message: 'Imagem inválida: use PNG, JPEG ou WEBP de até 1 MB' },
  CEP_NOT_FOUND: { status: 404, message: 'CEP não encontrado' },
  CEP_SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'Consulta de CEP indisponível: preencha o endereço manualmente',
  },
  // company groups (seed 000 §8)
  CREATE_MISSING_FIELD: { status: 400, message: 'missing field' },
  CREATE_EXISTING_COMPANY_GROUP: { status: 409, message: 'company group already exists' },
  CREATE_BAD_COMPANY_GROUP_NAME: { status: 400, message: 'company group invalid name' },
  MIGRATE_INVALID_CATALOG: { status: 400, message: 'company group invalid name' },
  MIGRATE_COULD_NOT_MIGRATE: { status: 409, message: 'We were unable to migrate.' },
  // jobs
  JOB_NOT_READY: { status: 409, message: 'O arquivo ainda não está pronto' },
  JOB_FAILED: { status: 409, message: 'O processamento falhou' },
  // catalogue (seed 001 §5, §6)
  CATALOGUE_LIST_INVALID: { status: 400, message: 'Os itens da lista devem ser preenchidos e distintos' },
  CUSTOM_ANSWERS_LIMIT: { status: 400, message: 'No máximo {max} respostas personalizadas por pergunta' },
  CUSTOM_ANSWERS_QUESTION_NOT_CUSTOM: {
    status: 400,
    message: 'Respostas personalizadas só valem para perguntas do tipo personalizada',
  },
  CATEGORY_NAME_EXISTS: { status: 409, message: 'Já existe uma categoria com o nome {name}' },
  CATEGORY_DISABLED: { status: 400, message: 'Categoria desabilitada não pode ser selecionada' },
  INSPECTION_TYPE_NAME_EXISTS: {
    status: 409,
    message: 'Já existe uma subcategoria com o nome {name} nesta categoria',
  },
  INSPECTION_TYPE_DISABLED: { status: 400, message: 'Subcategoria desabilitada não pode ser selecionada' },
  PRODUCT_CATEGORY_MISMATCH: { status: 400, message: 'A subcategoria não pertence à categoria escolhida' },
  PRODUCT_SKU_EXISTS: { status: 409, message: 'Já existe um produto com o SKU {sku}' },
  PRODUCT_EXCLUSIVE_FORBIDDEN: {
    status: 403,
    message: 'Somente o administrador da plataforma define produtos exclusivos',
  },
  PRODUCT_EXCLUSIVE_READ_ONLY: { status: 403, message: 'Produto exclusivo do provedor: somente leitura' },
  PRODUCT_IMAGE_MISSING: { status: 400, message: 'Envie a imagem no campo file' },
  PRODUCT_IMAGE_INVALID_TYPE: { status: 400, message: 'A imagem deve ser PNG, JPEG ou WebP' },
  PRODUCT_IMAGE_TOO_LARGE: { status: 413, message: 'A imagem deve ter no máximo 2 MB' },
  JOB_RESULT_EXPIRED: { status: 410, message: 'O arquivo expirou. Gere-o novamente.' },
  DOWNLOAD_LINK_INVALID: { status: 403, message: 'Link de download inválido ou expirado' },
  // QR codes
  QR_QUANTITY_OUT_OF_RANGE: { status: 400, message: 'A quantidade deve estar entre {min} e {max}' },
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
