import { defineErrors } from '../define-errors.ts';

/**
 * Row codes of the companies and users imports (issue 31 item 4): the `code` of a dry run's
 * problems and of the failed rows' "Motivo". Codes the forms already answer are reused as they are
 * (COMPANY_CNPJ_EXISTS, USER_CREATE_EMAIL_EXISTS, IMPORT_VALUE_REQUIRED, IMPORT_TEXT_TOO_LONG,
 * IMPORT_COMPANY_NOT_FOUND, IMPORT_COMPANY_AMBIGUOUS, IMPORT_COMPANY_REQUIRED).
 */
export const importPeopleErrors = defineErrors({
  IMPORT_CNPJ_INVALID: {
    status: 400,
    message: 'CNPJ inválido',
    en: 'Invalid CNPJ',
    es: 'CNPJ inválido',
  },
  IMPORT_EMAIL_INVALID: {
    status: 400,
    message: 'E-mail inválido',
    en: 'Invalid e-mail',
    es: 'Correo electrónico inválido',
  },
  IMPORT_PHONE_INVALID: {
    status: 400,
    message: 'Telefone inválido: use (##) ####-#### ou (##) #####-####',
    en: 'Invalid phone: use (##) ####-#### or (##) #####-####',
    es: 'Teléfono inválido: use (##) ####-#### o (##) #####-####',
  },
  IMPORT_CEP_INVALID: {
    status: 400,
    message: 'CEP inválido',
    en: 'Invalid CEP (postal code)',
    es: 'CEP (código postal) inválido',
  },
  IMPORT_STATE_INVALID: {
    status: 400,
    message: 'UF inválida',
    en: 'Invalid state (UF)',
    es: 'Estado (UF) inválido',
  },
  IMPORT_ROLE_INVALID: {
    status: 400,
    message: 'Papel desconhecido: use Administrador da empresa ou Operador',
    en: 'Unknown role: use Administrador da empresa (company admin) or Operador (operator)',
    es: 'Rol desconocido: use Administrador da empresa (administrador) u Operador (operador)',
  },
  IMPORT_ROLE_FORBIDDEN: {
    status: 403,
    message: 'Você não pode dar o papel {role}',
    en: 'You may not grant the role {role}',
    es: 'Usted no puede otorgar el rol {role}',
  },
  IMPORT_DUPLICATE_EMAIL: {
    status: 400,
    message: 'Mesmo e-mail da linha {line}',
    en: 'Same e-mail as line {line}',
    es: 'Mismo correo electrónico que la línea {line}',
  },
  IMPORT_DUPLICATE_COMPANY: {
    status: 400,
    message: 'Mesma empresa (CNPJ ou nome) da linha {line}',
    en: 'Same company (CNPJ or name) as line {line}',
    es: 'Misma empresa (CNPJ o nombre) que la línea {line}',
  },
});
