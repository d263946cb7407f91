import { defineErrors } from '../define-errors.ts';

/** Company groups, companies, company users and the users admin (seed 000 §8). */
export const organisationsErrors = defineErrors({
  USER_CREATE_EMAIL_EXISTS: {
    status: 409,
    message: 'email exists',
    en: 'This e-mail already exists',
    es: 'Este correo electrónico ya existe',
  },
  USER_NOT_PENDING: {
    status: 409,
    message: 'Apenas usuários pendentes podem ser ativados',
    en: 'Only pending users can be activated',
    es: 'Solo se pueden activar usuarios pendientes',
  },
  CREATE_MISSING_FIELD: {
    status: 400,
    message: 'missing field',
    en: 'Please fill in the required fields.',
    es: 'Complete los campos obligatorios.',
  },
  CREATE_EXISTING_COMPANY_GROUP: {
    status: 409,
    message: 'company group already exists',
    en: 'This company group already exists',
    es: 'Este grupo de empresas ya existe',
  },
  CREATE_BAD_COMPANY_GROUP_NAME: {
    status: 400,
    message: 'company group invalid name',
    en: 'Invalid company group name',
    es: 'Nombre de grupo de empresas inválido',
  },
  MIGRATE_INVALID_CATALOG: {
    status: 400,
    message: 'company group invalid name',
    en: 'Invalid company group name',
    es: 'Nombre de grupo de empresas inválido',
  },
  MIGRATE_COULD_NOT_MIGRATE: {
    status: 409,
    message: 'We were unable to migrate.',
    en: 'We were unable to migrate.',
    es: 'No fue posible realizar la migración.',
  },
  COMPANY_CNPJ_EXISTS: {
    status: 409,
    message: 'Já existe uma empresa com o CNPJ {cnpj} neste grupo',
    en: 'A company with CNPJ {cnpj} already exists in this group',
    es: 'Ya existe una empresa con el CNPJ {cnpj} en este grupo',
  },
});
