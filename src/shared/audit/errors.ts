import { defineErrors } from '../define-errors.ts';

/** The audit trail (issue 29 item 4): its list and CSV export. */
export const auditErrors = defineErrors({
  AUDIT_PERIOD_INVALID: {
    status: 400,
    message: 'O período do log de auditoria é inválido: a data inicial é posterior à final',
    en: 'The audit log period is invalid: the start date is after the end date',
    es: 'El período del registro de auditoría no es válido: la fecha inicial es posterior a la final',
  },
  AUDIT_EXPORT_TOO_LARGE: {
    status: 400,
    message: 'O log de auditoria tem mais de {max} linhas para exportar: restrinja os filtros',
    en: 'The audit log has more than {max} rows to export: narrow the filters',
    es: 'El registro de auditoría tiene más de {max} filas para exportar: restrinja los filtros',
  },
});
