/**
 * The provider's standard catalogue (issue 16): the fire-fighting categories with their inspection
 * and maintenance attributes, and their inspection types (subcategories) with questions, custom
 * answers, maintenance questions and attributes. One definition, installed in two places: the demo
 * seed (which adds its products on top, seed.ts) and a new company group whose creator kept
 * "copy the standard catalogue" on (organisations' createCompanyGroup). Products are not part of
 * it: they are each company's own (SKUs, pictures, the provider's exclusive line).
 */
import type { Kysely } from 'kysely';
import type {
  AttributeType,
  CustomAnswerType,
  InspectionQuestionType,
  MaintenanceQuestionType,
} from '../../../shared/catalogue/enums.ts';
import type { TenantDatabase } from '../../db/schema.ts';
import { cyclePreset } from '../../../shared/cycles/presets.ts';
import type { CyclePresetId } from '../../../shared/cycles/schemas.ts';
import { cycleRows, presetFields } from './cycles.ts';

/** A question: its text, its type, and for CUSTOM questions the answers with their meaning. */
export type StandardQuestion = [string, InspectionQuestionType, ...[string, CustomAnswerType][]];

export interface StandardInspectionType {
  name: string;
  questions: StandardQuestion[];
  /**
   * The questions (by text) whose negative answer means the equipment needs work: they are marked
   * "Abre ordem de serviço" (issue 26 item 9), so a failed inspection opens an order out of the box.
   * Not the ones about the surroundings (access) or free text.
   */
  opensServiceOrder: string[];
  maintenance: [string, MaintenanceQuestionType][];
  attributes: [string, AttributeType][];
  /** the norm's maintenance cycles the type starts with (issue 30) */
  cycles?: CyclePresetId;
}

export interface StandardCategory {
  name: string;
  /** category attributes asked at each inspection / maintenance */
  inspection: string[];
  maintenance: string[];
  types: StandardInspectionType[];
}

export const STANDARD_CATALOGUE: readonly StandardCategory[] = [
  {
    name: 'Combate a Incêndio',
    inspection: ['Local de instalação', 'Sinalização'],
    maintenance: ['Empresa responsável', 'Número do laudo'],
    types: [
      {
        name: 'Extintores',
        cycles: 'nbr-12962-extinguishers',
        questions: [
          ['O lacre está intacto?', 'YES_NO_NA'],
          ['O manômetro está na faixa verde?', 'YES_NO_NA'],
          [
            'Condição do cilindro',
            'CUSTOM',
            ['Conforme', 'POSITIVE'],
            ['Amassado', 'NEGATIVE'],
            ['Com corrosão', 'NEGATIVE'],
            ['Não se aplica', 'NA'],
          ],
          ['O acesso está desobstruído?', 'YES_NO_NA'],
          ['Observações', 'TEXT'],
        ],
        opensServiceOrder: [
          'O lacre está intacto?',
          'O manômetro está na faixa verde?',
          'Condição do cilindro',
        ],
        maintenance: [
          ['A recarga foi realizada?', 'YES_NO_NA'],
          ['O teste hidrostático foi realizado?', 'YES_NO_NA'],
          ['Descrição do serviço', 'TEXT'],
        ],
        attributes: [
          ['Data de fabricação', 'DATE'],
          ['Data de recarga', 'DATE'],
          ['Data do último teste hidrostático', 'DATE'],
          ['Data da última pesagem', 'DATE'],
          ['Número do cilindro', 'TEXT'],
        ],
      },
    ],
  },
  {
    name: 'Hidrantes',
    inspection: ['Pressão estática'],
    maintenance: ['Pressão após manutenção'],
    types: [
      {
        name: 'Mangueiras de Incêndio',
        cycles: 'nbr-12779-hoses',
        questions: [
          ['A mangueira está acondicionada corretamente?', 'YES_NO_NA'],
          [
            'Estado das juntas de união',
            'CUSTOM',
            ['Sem vazamento', 'POSITIVE'],
            ['Com vazamento', 'NEGATIVE'],
            ['Não verificado', 'NA'],
          ],
          ['O esguicho está presente?', 'YES_NO_NA'],
        ],
        opensServiceOrder: [
          'A mangueira está acondicionada corretamente?',
          'Estado das juntas de união',
          'O esguicho está presente?',
        ],
        maintenance: [
          ['O ensaio hidrostático foi aprovado?', 'YES_NO_NA'],
          ['Serviço executado', 'TEXT'],
        ],
        attributes: [
          ['Data do último ensaio', 'DATE'],
          ['Comprimento', 'TEXT'],
        ],
      },
    ],
  },
  {
    name: 'Iluminação de Emergência',
    inspection: ['Andar'],
    maintenance: [],
    types: [
      {
        name: 'Luminárias de Emergência',
        cycles: 'nbr-10898-emergency-lighting',
        questions: [
          ['Acende ao cortar a energia?', 'YES_NO_NA'],
          [
            'Autonomia da bateria',
            'CUSTOM',
            ['Acima de 1 hora', 'POSITIVE'],
            ['Abaixo de 1 hora', 'NEGATIVE'],
            ['Não testada', 'NA'],
          ],
          ['O LED indicador está aceso?', 'YES_NO_NA'],
        ],
        opensServiceOrder: [
          'Acende ao cortar a energia?',
          'Autonomia da bateria',
          'O LED indicador está aceso?',
        ],
        maintenance: [['A bateria foi substituída?', 'YES_NO_NA']],
        attributes: [['Data de instalação', 'DATE']],
      },
    ],
  },
];

/**
 * Installs the standard catalogue in a tenant (inside the caller's transaction: `db` is the
 * tenant's Kysely bound to it). Each list is one statement per parent. Answers the ids of the
 * inspection types by name (the demo seed hangs its products on them).
 */
export async function installStandardCatalogue(db: Kysely<TenantDatabase>): Promise<Map<string, number>> {
  const typeIds = new Map<string, number>();
  for (const cat of STANDARD_CATALOGUE) {
    const { id: categoryId } = await db
      .insertInto('categories')
      .values({ name: cat.name, enabled: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (cat.inspection.length)
      await db
        .insertInto('category_inspection_attributes')
        .values(cat.inspection.map((name, position) => ({ category_id: categoryId, name, position })))
        .execute();
    if (cat.maintenance.length)
      await db
        .insertInto('category_maintenance_attributes')
        .values(cat.maintenance.map((name, position) => ({ category_id: categoryId, name, position })))
        .execute();
    for (const type of cat.types) {
      const { id: typeId } = await db
        .insertInto('inspection_types')
        .values({ name: type.name, category_id: categoryId, enabled: true })
        .returning('id')
        .executeTakeFirstOrThrow();
      typeIds.set(type.name, typeId);
      if (type.cycles)
        await db
          .insertInto('maintenance_cycles')
          .values(
            cycleRows(
              { inspectionTypeId: typeId, productId: null },
              presetFields(cyclePreset(type.cycles), 'pt'),
            ),
          )
          .execute();
      const questions = await db
        .insertInto('inspection_questions')
        .values(
          type.questions.map(([question, qType], position) => ({
            inspection_type_id: typeId,
            question,
            type: qType,
            position,
            opens_service_order: qType !== 'TEXT' && type.opensServiceOrder.includes(question),
          })),
        )
        .returning(['id', 'position'])
        .execute();
      const questionAt = new Map(questions.map((q) => [q.position, q.id]));
      const answers = type.questions.flatMap(([, , ...custom], position) =>
        custom.map(([answer, aType], i) => ({
          inspection_question_id: questionAt.get(position)!,
          answer,
          type: aType,
          position: i,
        })),
      );
      if (answers.length) await db.insertInto('inspection_custom_answers').values(answers).execute();
      if (type.maintenance.length)
        await db
          .insertInto('maintenance_questions')
          .values(
            type.maintenance.map(([question, qType], position) => ({
              inspection_type_id: typeId,
              question,
              type: qType,
              position,
            })),
          )
          .execute();
      if (type.attributes.length)
        await db
          .insertInto('inspection_type_attributes')
          .values(
            type.attributes.map(([attribute, aType], position) => ({
              inspection_type_id: typeId,
              attribute,
              type: aType,
              position,
            })),
          )
          .execute();
    }
  }
  return typeIds;
}
