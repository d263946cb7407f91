import { defineErrors } from '../define-errors.ts';

/** Visit plans and visits (issue 30 item 3). */
export const visitsErrors = defineErrors({
  VISIT_PLAN_NOT_FOUND: {
    status: 404,
    message: 'Plano de visitas não encontrado',
    en: 'Visit plan not found',
    es: 'Plan de visitas no encontrado',
  },
  VISIT_NOT_FOUND: {
    status: 404,
    message: 'Visita não encontrada',
    en: 'Visit not found',
    es: 'Visita no encontrada',
  },
  VISIT_COMPANY_NOT_FOUND: {
    status: 404,
    message: 'Empresa não encontrada',
    en: 'Company not found',
    es: 'Empresa no encontrada',
  },
  VISIT_TECHNICIAN_INVALID: {
    status: 400,
    message: 'O técnico deve ser um usuário ativo que pode inspecionar esta empresa',
    en: 'The technician must be an active user who may inspect this company',
    es: 'El técnico debe ser un usuario activo que pueda inspeccionar esta empresa',
  },
  VISIT_TIME_WINDOW_INVALID: {
    status: 400,
    message: 'O horário final deve ser posterior ao inicial',
    en: 'The end time must be after the start time',
    es: 'La hora final debe ser posterior a la inicial',
  },
  VISIT_CLOSED: {
    status: 409,
    message: 'Esta visita já foi encerrada',
    en: 'This visit has already been closed',
    es: 'Esta visita ya fue cerrada',
  },
});
