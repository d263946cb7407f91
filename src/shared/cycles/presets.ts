/**
 * The cycles shipped for Brazilian norms (issue 30 item 2), in pt (the product's language), en and
 * es. Each interval's source is in `source` and in docs/decisions.md; a company edits them freely
 * after applying (stricter contracts, the Corpo de Bombeiros' local rules).
 */
import type { CyclePreset, CyclePresetId } from './schemas.ts';

type PresetCycle = CyclePreset['cycles'][number];
const base = {
  maintenanceLevel: null,
  questionId: null,
  answer: null,
  doneAttributes: [],
  startFrom: 'LAST_DONE',
  startDate: null,
  warningDays: null,
} satisfies Partial<PresetCycle>;

/** NBR 12962's recharge and hydrostatic-test cycles: what tenant migration 1301 gives existing extinguisher types. */
export const NBR_12962_RECHARGE = {
  ...base,
  code: 'recharge',
  name: {
    pt: 'Manutenção de 2º nível (recarga)',
    en: 'Second-level maintenance (recharge)',
    es: 'Mantenimiento de 2.º nivel (recarga)',
  },
  norm: 'ABNT NBR 12962',
  intervalValue: 12,
  intervalUnit: 'MONTHS',
  doneBy: 'MAINTENANCE',
  maintenanceLevel: 2,
  doneAttributes: ['recarga'],
} satisfies PresetCycle;
export const NBR_12962_HYDROSTATIC = {
  ...base,
  code: 'hydrostatic-test',
  name: {
    pt: 'Manutenção de 3º nível (ensaio hidrostático)',
    en: 'Third-level maintenance (hydrostatic test)',
    es: 'Mantenimiento de 3.er nivel (prueba hidrostática)',
  },
  norm: 'ABNT NBR 12962',
  intervalValue: 60,
  intervalUnit: 'MONTHS',
  doneBy: 'MAINTENANCE',
  maintenanceLevel: 3,
  doneAttributes: ['hidrostatic', 'reteste', 'ensaio'],
  startFrom: 'MANUFACTURING',
} satisfies PresetCycle;

export const CYCLE_PRESETS: readonly CyclePreset[] = [
  {
    id: 'nbr-12962-extinguishers',
    norm: 'ABNT NBR 12962',
    name: { pt: 'Extintores (NBR 12962)', en: 'Extinguishers (NBR 12962)', es: 'Extintores (NBR 12962)' },
    source:
      'ABNT NBR 12962:2016 (inspeção e manutenção de 1º, 2º e 3º níveis); summaries: https://ipemsp.wordpress.com/category/avaliacao-da-conformidade/extintor-de-incendio-avaliacao-de-conformidade/ (inspection every 12 months), https://digfire.com.br/nbr-12962 (third level with hydrostatic test every 5 years)',
    cycles: [
      {
        ...base,
        code: 'inspection',
        name: { pt: 'Inspeção periódica', en: 'Periodic inspection', es: 'Inspección periódica' },
        norm: 'ABNT NBR 12962',
        intervalValue: 12,
        intervalUnit: 'MONTHS',
        doneBy: 'INSPECTION',
      },
      NBR_12962_RECHARGE,
      NBR_12962_HYDROSTATIC,
    ],
  },
  {
    id: 'nbr-12779-hoses',
    norm: 'ABNT NBR 12779',
    name: {
      pt: 'Mangueiras de incêndio (NBR 12779)',
      en: 'Fire hoses (NBR 12779)',
      es: 'Mangueras contra incendio (NBR 12779)',
    },
    source:
      'ABNT NBR 12779:2009; summaries: https://sciextintores.com/teste-hidrostatico-em-mangueiras, https://briggsfire.com.br/reteste-de-mangueiras-de-incendio (inspection every 6 months, maintenance with hydrostatic test every 12 months)',
    cycles: [
      {
        ...base,
        code: 'inspection',
        name: { pt: 'Inspeção', en: 'Inspection', es: 'Inspección' },
        norm: 'ABNT NBR 12779',
        intervalValue: 6,
        intervalUnit: 'MONTHS',
        doneBy: 'INSPECTION',
      },
      {
        ...base,
        code: 'maintenance',
        name: {
          pt: 'Manutenção com ensaio hidrostático',
          en: 'Maintenance with hydrostatic test',
          es: 'Mantenimiento con prueba hidrostática',
        },
        norm: 'ABNT NBR 12779',
        intervalValue: 12,
        intervalUnit: 'MONTHS',
        doneBy: 'MAINTENANCE',
        // "Data do último ensaio" typed on the hose
        doneAttributes: ['ensaio'],
      },
    ],
  },
  {
    id: 'nbr-10898-emergency-lighting',
    norm: 'ABNT NBR 10898',
    name: {
      pt: 'Iluminação de emergência (NBR 10898)',
      en: 'Emergency lighting (NBR 10898)',
      es: 'Iluminación de emergencia (NBR 10898)',
    },
    source:
      'ABNT NBR 10898:2023; summary: https://www.ilumac.com.br/post/como-testar-e-manter-sistemas-de-iluminacao-de-emergencia-conforme-a-norma (monthly switch-over check and visual inspection; faults fixed within 48 h); the autonomy test interval (6 months) is not confirmed by an open source',
    cycles: [
      {
        ...base,
        code: 'functional-check',
        name: { pt: 'Verificação funcional', en: 'Functional check', es: 'Verificación funcional' },
        norm: 'ABNT NBR 10898',
        intervalValue: 1,
        intervalUnit: 'MONTHS',
        doneBy: 'INSPECTION',
      },
      {
        ...base,
        code: 'autonomy-test',
        name: { pt: 'Teste de autonomia', en: 'Autonomy test', es: 'Prueba de autonomía' },
        norm: 'ABNT NBR 10898',
        intervalValue: 6,
        intervalUnit: 'MONTHS',
        doneBy: 'MAINTENANCE',
      },
    ],
  },
  {
    id: 'nbr-13714-hydrants',
    norm: 'ABNT NBR 13714',
    name: {
      pt: 'Hidrantes e mangotinhos (NBR 13714)',
      en: 'Hydrants and hose reels (NBR 13714)',
      es: 'Hidrantes y mangueras semirrígidas (NBR 13714)',
    },
    source:
      'ABNT NBR 13714:2000, annex C (acceptance, inspection and maintenance plan); intervals (monthly inspection, yearly maintenance) are common contract values, not confirmed by an open copy of the norm',
    cycles: [
      {
        ...base,
        code: 'inspection',
        name: { pt: 'Inspeção', en: 'Inspection', es: 'Inspección' },
        norm: 'ABNT NBR 13714',
        intervalValue: 1,
        intervalUnit: 'MONTHS',
        doneBy: 'INSPECTION',
      },
      {
        ...base,
        code: 'maintenance',
        name: { pt: 'Manutenção anual', en: 'Yearly maintenance', es: 'Mantenimiento anual' },
        norm: 'ABNT NBR 13714',
        intervalValue: 12,
        intervalUnit: 'MONTHS',
        doneBy: 'MAINTENANCE',
      },
    ],
  },
  {
    id: 'nbr-17240-alarms',
    norm: 'ABNT NBR 17240',
    name: {
      pt: 'Detecção e alarme de incêndio (NBR 17240)',
      en: 'Fire detection and alarm (NBR 17240)',
      es: 'Detección y alarma de incendio (NBR 17240)',
    },
    source:
      'ABNT NBR 17240:2010 §10.5 (quoted at https://peniel.com.br/abnt-manuten%C3%A7%C3%A3o-alarme-de-inc%C3%AAndio): manual call points, sounders and at least 25 % of the detectors tested every three months, 100 % of the detectors within a year',
    cycles: [
      {
        ...base,
        code: 'quarterly-test',
        name: {
          pt: 'Ensaio funcional trimestral',
          en: 'Quarterly functional test',
          es: 'Prueba funcional trimestral',
        },
        norm: 'ABNT NBR 17240',
        intervalValue: 3,
        intervalUnit: 'MONTHS',
        doneBy: 'MAINTENANCE',
      },
      {
        ...base,
        code: 'detectors-yearly',
        name: {
          pt: 'Ensaio de todos os detectores',
          en: 'Test of every detector',
          es: 'Prueba de todos los detectores',
        },
        norm: 'ABNT NBR 17240',
        intervalValue: 12,
        intervalUnit: 'MONTHS',
        doneBy: 'MAINTENANCE',
      },
    ],
  },
  {
    id: 'nbr-13714-pumps',
    norm: 'ABNT NBR 13714',
    name: { pt: 'Bombas de incêndio', en: 'Fire pumps', es: 'Bombas contra incendio' },
    source:
      'ABNT NBR 13714:2000, annex B (fire pumps); the weekly start test and yearly maintenance follow NFPA 25 practice, not confirmed by an open copy of the Brazilian norm',
    cycles: [
      {
        ...base,
        code: 'start-test',
        name: { pt: 'Teste de partida semanal', en: 'Weekly start test', es: 'Prueba de arranque semanal' },
        norm: 'ABNT NBR 13714',
        intervalValue: 7,
        intervalUnit: 'DAYS',
        doneBy: 'INSPECTION',
      },
      {
        ...base,
        code: 'maintenance',
        name: { pt: 'Manutenção anual', en: 'Yearly maintenance', es: 'Mantenimiento anual' },
        norm: 'ABNT NBR 13714',
        intervalValue: 12,
        intervalUnit: 'MONTHS',
        doneBy: 'MAINTENANCE',
      },
    ],
  },
];

export function cyclePreset(id: CyclePresetId): CyclePreset {
  return CYCLE_PRESETS.find((p) => p.id === id)!;
}
