import { defineErrors } from '../define-errors.ts';

/**
 * Report filters and exports (issue 13). Each filter error names the query parameter it is about
 * (`params.parameter`, e.g. `createFrom`), the same on REST and tRPC, so a caller can point at the field.
 */
export const reportsErrors = defineErrors({
  REPORT_FILTER_INVALID: {
    status: 400,
    message: 'Valor inválido no filtro {parameter}',
    en: 'Invalid value in filter {parameter}',
    es: 'Valor no válido en el filtro {parameter}',
  },
  REPORT_DATE_RANGE_INVALID: {
    status: 400,
    message: 'A data inicial do filtro {parameter} é posterior à data final',
    en: 'The start date of filter {parameter} is after its end date',
    es: 'La fecha inicial del filtro {parameter} es posterior a la fecha final',
  },
  REPORT_DATE_IN_FUTURE: {
    status: 400,
    message: 'A data do filtro {parameter} não pode ser futura',
    en: 'The date of filter {parameter} cannot be in the future',
    es: 'La fecha del filtro {parameter} no puede ser futura',
  },
  REPORT_TOO_LARGE: {
    status: 400,
    message: 'O relatório em {format} aceita até {max} linhas: refine os filtros',
    en: 'The {format} report takes at most {max} rows: narrow the filters',
    es: 'El informe en {format} admite hasta {max} filas: ajuste los filtros',
  },
});
