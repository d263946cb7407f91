/**
 * The plan descriptions migration core 0401 stored, by plan code (the migration keeps its own
 * literals: migrations never change). While a plan still has one, the cards show it translated.
 */
export const SEEDED_PLAN_DESCRIPTIONS: Readonly<Record<string, string>> = {
  custom: 'A partir de 50 equipamentos, R$ 0,99 por equipamento',
  free: 'Até 10 equipamentos, sem custo',
};
