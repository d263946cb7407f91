import { defineErrors } from '../define-errors.ts';

/** Page views and the usage page (issue 18). */
export const analyticsErrors = defineErrors({
  PAGE_VIEW_ROUTE_UNKNOWN: {
    status: 400,
    message: 'Rota desconhecida: {route}',
    en: 'Unknown route: {route}',
    es: 'Ruta desconocida: {route}',
  },
  USAGE_RANGE_INVALID: {
    status: 400,
    message:
      'Intervalo de datas inválido: a data inicial deve ser anterior à final e o intervalo ter até {max} dias',
    en: 'Invalid date range: the start must not be after the end and the range must span at most {max} days',
    es: 'Rango de fechas no válido: el inicio no puede ser posterior al final y el rango debe tener hasta {max} días',
  },
});
