import { defineErrors } from '../define-errors.ts';

/** Maintenance cycles (issue 30). */
export const cycleErrors = defineErrors({
  CYCLE_UNKNOWN: {
    status: 400,
    message: 'O ciclo {code} não existe para este equipamento',
    en: 'Cycle {code} does not exist for this equipment',
    es: 'El ciclo {code} no existe para este equipo',
  },
  CYCLE_CODE_DUPLICATE: {
    status: 400,
    message: 'O código de ciclo {code} aparece mais de uma vez',
    en: 'Cycle code {code} appears more than once',
    es: 'El código de ciclo {code} aparece más de una vez',
  },
  CYCLE_QUESTION_INVALID: {
    status: 400,
    message: 'O ciclo {code} deve nomear uma pergunta de inspeção desta subcategoria',
    en: 'Cycle {code} must name an inspection question of this subcategory',
    es: 'El ciclo {code} debe nombrar una pregunta de inspección de esta subcategoría',
  },
});
