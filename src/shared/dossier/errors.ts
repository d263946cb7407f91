import { defineErrors } from '../define-errors.ts';

/** The building dossier (issue 30 item 5). */
export const dossierErrors = defineErrors({
  DOSSIER_COMPANY_NOT_FOUND: {
    status: 404,
    message: 'Empresa não encontrada',
    en: 'Company not found',
    es: 'Empresa no encontrada',
  },
});
