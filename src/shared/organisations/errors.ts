import { defineErrors } from '../define-errors.ts';

/**
 * Company groups, companies, company users and the users admin (seed 000 §8). The seed's messages
 * of these codes are English and kept as the server's; `pt` is the text the Portuguese UI shows.
 */
export const organisationsErrors = defineErrors({
  USER_CREATE_EMAIL_EXISTS: {
    status: 409,
    message: 'email exists: {email}',
    // as the sign-up's USER_REGISTER_EMAIL_EXISTS says it
    pt: 'Email {email} já existe',
    en: 'Email {email} already exists',
    es: 'El correo {email} ya existe',
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
    pt: 'Preencha os campos obrigatórios.',
    en: 'Please fill in the required fields.',
    es: 'Complete los campos obligatorios.',
  },
  CREATE_EXISTING_COMPANY_GROUP: {
    status: 409,
    message: 'company group already exists: {name}',
    pt: 'O grupo de empresas {name} já existe',
    en: 'The company group {name} already exists',
    es: 'El grupo de empresas {name} ya existe',
  },
  CREATE_BAD_COMPANY_GROUP_NAME: {
    status: 400,
    message: 'company group invalid name',
    pt: 'Nome de grupo de empresas inválido',
    en: 'Invalid company group name',
    es: 'Nombre de grupo de empresas inválido',
  },
  MIGRATE_INVALID_CATALOG: {
    status: 400,
    message: 'company group invalid name',
    pt: 'Nome de grupo de empresas inválido',
    en: 'Invalid company group name',
    es: 'Nombre de grupo de empresas inválido',
  },
  MIGRATE_COULD_NOT_MIGRATE: {
    status: 409,
    message: 'We were unable to migrate.',
    pt: 'Não foi possível realizar a migração.',
    en: 'We were unable to migrate.',
    es: 'No fue posible realizar la migración.',
  },
  COMPANY_CNPJ_EXISTS: {
    status: 409,
    message: 'Já existe uma empresa com o CNPJ {cnpj} neste grupo',
    en: 'A company with CNPJ {cnpj} already exists in this group',
    es: 'Ya existe una empresa con el CNPJ {cnpj} en este grupo',
  },
  // Issue 33 item 6: leaving (export, deletion with a grace period, restore).
  COMPANY_GROUP_PENDING_DELETION: {
    status: 403,
    message: 'A exclusão deste grupo de empresas foi solicitada: o acesso está suspenso',
    en: 'This company group is scheduled for deletion: access is suspended',
    es: 'Se solicitó la eliminación de este grupo de empresas: el acceso está suspendido',
  },
  COMPANY_GROUP_DELETE_CONFIRMATION: {
    status: 400,
    message: 'Digite o nome do grupo de empresas para confirmar a exclusão',
    en: 'Type the company group’s name to confirm the deletion',
    es: 'Escriba el nombre del grupo de empresas para confirmar la eliminación',
  },
  COMPANY_GROUP_NOT_DELETABLE: {
    status: 409,
    message: 'Este grupo de empresas não pode ser excluído',
    en: 'This company group cannot be deleted',
    es: 'Este grupo de empresas no se puede eliminar',
  },
  COMPANY_GROUP_PURGING: {
    status: 409,
    message: 'A exclusão deste grupo de empresas já começou: não é mais possível restaurá-lo',
    en: 'This company group is already being deleted: it can no longer be restored',
    es: 'La eliminación de este grupo de empresas ya comenzó: ya no se puede restaurar',
  },
});
