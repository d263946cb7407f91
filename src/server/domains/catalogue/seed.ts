import type { Kysely } from 'kysely';
import { tenantDb } from '../../db/database.ts';
import type { TenantDatabase } from '../../db/schema.ts';
import { fileStore } from '../../files/store.ts';
import type { SeedContext } from '../../seed/seed.ts';
import type {
  AttributeType,
  CustomAnswerType,
  InspectionQuestionType,
  MaintenanceQuestionType,
  PartUnit,
} from '../../../shared/catalogue/enums.ts';
import { type ProductShape, productPicture } from './png.ts';

type Q = [string, InspectionQuestionType, ...[string, CustomAnswerType][]];

interface SeedType {
  name: string;
  questions: Q[];
  maintenance: [string, MaintenanceQuestionType][];
  attributes: [string, AttributeType][];
  products: {
    sku: string;
    name: string;
    exclusive?: boolean;
    dueDays?: number;
    schedule: number;
    manufacturer: string;
    description: string;
    parts: [string, PartUnit][];
    color: [number, number, number];
    shape: ProductShape;
  }[];
}

const CATALOGUE: { name: string; inspection: string[]; maintenance: string[]; types: SeedType[] }[] = [
  {
    name: 'Combate a Incêndio',
    inspection: ['Local de instalação', 'Sinalização'],
    maintenance: ['Empresa responsável', 'Número do laudo'],
    types: [
      {
        name: 'Extintores',
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
        products: [
          {
            sku: 'EXT-PQS-4',
            name: 'Extintor Pó Químico BC 4 kg',
            dueDays: 30,
            schedule: 30,
            manufacturer: 'Kidde Brasil',
            description: 'Classe BC, pressurização direta.',
            parts: [
              ['Carga de pó químico BC', 'KILOGRAMS'],
              ['Manômetro', 'UNITS'],
              ['Lacre', 'UNITS'],
            ],
            color: [196, 40, 40],
            shape: 'cylinder',
          },
          {
            sku: 'EXT-CO2-6',
            name: 'Extintor CO₂ 6 kg',
            dueDays: 30,
            schedule: 30,
            manufacturer: 'Resil',
            description: 'Dióxido de carbono, classes B e C.',
            parts: [
              ['Carga de CO₂', 'KILOGRAMS'],
              ['Difusor', 'UNITS'],
            ],
            color: [40, 40, 48],
            shape: 'cylinder',
          },
          {
            sku: 'EXT-AP-10',
            name: 'Extintor Água Pressurizada 10 L',
            dueDays: 15,
            schedule: 30,
            manufacturer: 'Bucka',
            description: 'Classe A.',
            parts: [
              ['Água', 'LITRES'],
              ['Válvula de descarga', 'UNITS'],
            ],
            color: [20, 96, 168],
            shape: 'cylinder',
          },
          {
            sku: 'EXT-ABC-6',
            name: 'Extintor Pó ABC 6 kg Premium',
            exclusive: true,
            dueDays: 30,
            schedule: 30,
            manufacturer: 'EquipCheck',
            description: 'Linha exclusiva do provedor.',
            parts: [['Carga de pó ABC', 'KILOGRAMS']],
            color: [14, 116, 110],
            shape: 'cylinder',
          },
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
        maintenance: [
          ['O ensaio hidrostático foi aprovado?', 'YES_NO_NA'],
          ['Serviço executado', 'TEXT'],
        ],
        attributes: [
          ['Data do último ensaio', 'DATE'],
          ['Comprimento', 'TEXT'],
        ],
        products: [
          {
            sku: 'MANG-15',
            name: 'Mangueira de Incêndio Tipo 2 — 15 m',
            dueDays: 60,
            schedule: 180,
            manufacturer: 'Kidde Brasil',
            description: 'Diâmetro 1½", tipo 2.',
            parts: [
              ['Mangueira', 'METRES'],
              ['Junta Storz', 'UNITS'],
              ['Vedação', 'NA'],
            ],
            color: [204, 102, 0],
            shape: 'hose',
          },
          {
            sku: 'MANG-30',
            name: 'Mangueira de Incêndio Tipo 3 — 30 m',
            schedule: 180,
            manufacturer: 'Bucka',
            description: 'Diâmetro 2½", tipo 3.',
            parts: [
              ['Mangueira', 'METRES'],
              ['Junta Storz', 'UNITS'],
            ],
            color: [160, 82, 45],
            shape: 'hose',
          },
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
        maintenance: [['A bateria foi substituída?', 'YES_NO_NA']],
        attributes: [['Data de instalação', 'DATE']],
        products: [
          {
            sku: 'LUM-LED-30',
            name: 'Luminária de Emergência LED 30',
            schedule: 90,
            manufacturer: 'Intelbras',
            description: '30 LEDs, autonomia de 3 h.',
            parts: [['Bateria', 'UNITS']],
            color: [46, 125, 50],
            shape: 'lamp',
          },
          {
            sku: 'LUM-BLOCO-2F',
            name: 'Bloco Autônomo 2 Faróis',
            schedule: 90,
            manufacturer: 'Segurimax',
            description: 'Dois faróis de 1.200 lúmens.',
            parts: [
              ['Bateria', 'UNITS'],
              ['Farol', 'UNITS'],
            ],
            color: [85, 107, 47],
            shape: 'lamp',
          },
        ],
      },
    ],
  },
];

/** The demo group's catalogue: names as in seed 001 (the fire-fighting/extinguisher pair drives report filters). */
export async function seedCatalogue(ctx: SeedContext): Promise<void> {
  const db: Kysely<TenantDatabase> = tenantDb(ctx.schemaName, ctx.db);
  for (const cat of CATALOGUE) {
    const { id: categoryId } = await db
      .insertInto('categories')
      .values({ name: cat.name, enabled: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [position, name] of cat.inspection.entries()) {
      await db
        .insertInto('category_inspection_attributes')
        .values({ category_id: categoryId, name, position })
        .execute();
    }
    for (const [position, name] of cat.maintenance.entries()) {
      await db
        .insertInto('category_maintenance_attributes')
        .values({ category_id: categoryId, name, position })
        .execute();
    }
    for (const type of cat.types) {
      const { id: typeId } = await db
        .insertInto('inspection_types')
        .values({ name: type.name, category_id: categoryId, enabled: true })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [position, [question, qType, ...answers]] of type.questions.entries()) {
        const { id: questionId } = await db
          .insertInto('inspection_questions')
          .values({ inspection_type_id: typeId, question, type: qType, position })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const [i, [answer, aType]] of answers.entries()) {
          await db
            .insertInto('inspection_custom_answers')
            .values({ inspection_question_id: questionId, answer, type: aType, position: i })
            .execute();
        }
      }
      for (const [position, [question, qType]] of type.maintenance.entries()) {
        await db
          .insertInto('maintenance_questions')
          .values({ inspection_type_id: typeId, question, type: qType, position })
          .execute();
      }
      for (const [position, [attribute, aType]] of type.attributes.entries()) {
        await db
          .insertInto('inspection_type_attributes')
          .values({ inspection_type_id: typeId, attribute, type: aType, position })
          .execute();
      }
      for (const p of type.products) {
        const { id } = await db
          .insertInto('products')
          .values({
            sku: p.sku,
            name: p.name,
            enabled: true,
            short_description: p.description,
            is_dv_exclusive: p.exclusive ?? false,
            is_due_date: p.dueDays !== undefined,
            inspection_schedule: p.schedule,
            days_notification_due_date: p.dueDays ?? null,
            days_notification_next_inspection_date: 7,
            manufacturing_number: null,
            manufacturer: p.manufacturer,
            inspection_type_id: typeId,
            retest_date: null,
            recharge_date: null,
            weight_date: null,
            image_key: null,
            image_content_type: null,
            image_updated_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const [position, [name, unit]] of p.parts.entries()) {
          await db.insertInto('maintenance_parts').values({ product_id: id, name, unit, position }).execute();
        }
        const key = `catalogue/${ctx.schemaName}/products/${id}/seed.png`;
        await fileStore().put(key, productPicture(p.color, p.shape), 'image/png');
        await db
          .updateTable('products')
          .set({ image_key: key, image_content_type: 'image/png', image_updated_at: new Date() })
          .where('id', '=', id)
          .execute();
      }
    }
  }
}
