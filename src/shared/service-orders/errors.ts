import { defineErrors } from '../define-errors.ts';

/**
 * Service orders (seed 000 §4, §5, §8; issue 14). The create checks answer in the seed's order:
 * start date, then equipment, then required fields (texts verbatim). A blocked status answers the
 * code of the order's derived status (`BLOCKED_STATUS_CODES` in ./status.ts).
 */
export const serviceOrdersErrors = defineErrors({
  SERVICE_ORDER_START_DATE_PAST: {
    status: 400,
    message: 'Insirar uma data de início igual ou superior ao dia de hoje.',
    en: 'Enter a start date equal to or later than today.',
    es: 'Introduzca una fecha de inicio igual o posterior a hoy.',
  },
  SERVICE_ORDER_NO_EQUIPMENT: {
    status: 400,
    message: 'Insirar algum equipamento para cadastrar.',
    en: 'Add some equipment to register.',
    es: 'Añada algún equipo para registrar.',
  },
  SERVICE_ORDER_MISSING_FIELDS: {
    status: 400,
    message: 'Existem dados obrigatórios em branco.',
    en: 'Some required fields are blank.',
    es: 'Hay datos obligatorios en blanco.',
  },
  SERVICE_ORDER_DATE_RANGE: {
    status: 400,
    message: 'A data de início não pode ser posterior à data de término.',
    en: 'The start date cannot be after the end date.',
    es: 'La fecha de inicio no puede ser posterior a la fecha de término.',
  },
  SERVICE_ORDER_NOT_FOUND: {
    status: 404,
    message: 'Ordem de serviço não encontrada',
    en: 'Service order not found',
    es: 'Orden de servicio no encontrada',
  },
  SERVICE_ORDER_EQUIPMENT_NOT_FOUND: {
    status: 404,
    message: 'Equipamento {equipment} não encontrado',
    en: 'Equipment {equipment} not found',
    es: 'Equipo {equipment} no encontrado',
  },
  SERVICE_ORDER_EQUIPMENT_TAG_DISABLED: {
    status: 400,
    message: 'A tag do equipamento {equipment} está desativada',
    en: 'The tag of equipment {equipment} is disabled',
    es: 'La etiqueta del equipo {equipment} está desactivada',
  },
  SERVICE_ORDER_EQUIPMENT_OTHER_COMPANY: {
    status: 400,
    message: 'Todos os equipamentos da OS devem ser da mesma empresa ({equipment} é de outra)',
    en: 'All equipment of the service order must belong to the same company ({equipment} belongs to another)',
    es: 'Todos los equipos de la OS deben ser de la misma empresa ({equipment} es de otra)',
  },
  SERVICE_ORDER_EQUIPMENT_REPEATED: {
    status: 400,
    message: 'O equipamento {equipment} aparece mais de uma vez na OS',
    en: 'Equipment {equipment} appears more than once in the service order',
    es: 'El equipo {equipment} aparece más de una vez en la OS',
  },
  SERVICE_ORDER_RESPONSIBLE_INVALID: {
    status: 400,
    message: 'O responsável deve ser um usuário ativo da empresa da OS',
    en: 'The responsible person must be an active user of the service order’s company',
    es: 'El responsable debe ser un usuario activo de la empresa de la OS',
  },
  SERVICE_ORDER_COMPLETION_FUTURE: {
    status: 400,
    message: 'A data de conclusão não pode ser futura',
    en: 'The completion date cannot be in the future',
    es: 'La fecha de conclusión no puede ser futura',
  },
  SERVICE_ORDER_STATUS_BLOCKED_PENDING: {
    status: 400,
    message:
      'Nenhum equipamento da OS foi concluído: o status só pode ser Pendente ou Cancelada. Informe as datas de conclusão para mudar o status.',
    en: 'No equipment of the service order is completed: the status can only be Pending or Cancelled. Fill in completion dates to change it.',
    es: 'Ningún equipo de la OS fue concluido: el estado solo puede ser Pendiente o Cancelada. Informe las fechas de conclusión para cambiarlo.',
  },
  SERVICE_ORDER_STATUS_BLOCKED_PARTIAL: {
    status: 400,
    message:
      'Parte dos equipamentos da OS foi concluída: o status só pode ser Parcial ou Cancelada. Informe ou remova datas de conclusão para mudar o status.',
    en: 'Some equipment of the service order is completed: the status can only be Partial or Cancelled. Fill in or clear completion dates to change it.',
    es: 'Parte de los equipos de la OS fue concluida: el estado solo puede ser Parcial o Cancelada. Informe o quite fechas de conclusión para cambiarlo.',
  },
  SERVICE_ORDER_STATUS_BLOCKED_FINISHED: {
    status: 400,
    message:
      'Todos os equipamentos da OS foram concluídos: o status só pode ser Finalizada ou Cancelada. Remova datas de conclusão para mudar o status.',
    en: 'All equipment of the service order is completed: the status can only be Finished or Cancelled. Clear completion dates to change it.',
    es: 'Todos los equipos de la OS fueron concluidos: el estado solo puede ser Finalizada o Cancelada. Quite fechas de conclusión para cambiarlo.',
  },
  SERVICE_ORDER_STATUS_BLOCKED_CANCELLED: {
    status: 400,
    message: 'A OS está cancelada: o status não pode mais ser alterado.',
    en: 'The service order is cancelled: its status can no longer be changed.',
    es: 'La OS está cancelada: su estado ya no puede cambiarse.',
  },
});
