import type { Kysely } from 'kysely';
import { tenantDb } from '../../db/database.ts';
import type { TenantDatabase } from '../../db/schema.ts';
import { fileStore } from '../../files/store.ts';
import type { SeedContext } from '../../seed/context.ts';
import type { PartUnit } from '../../../shared/catalogue/enums.ts';
import { type ProductShape, productPicture } from './png.ts';
import { installStandardCatalogue } from './standard.ts';

/** A product of the demo catalogue, under an inspection type of the standard catalogue. */
interface DemoProduct {
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
}

/** The demo products, by the name of their inspection type in STANDARD_CATALOGUE (standard.ts). */
const DEMO_PRODUCTS: Record<string, DemoProduct[]> = {
  Extintores: [
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
  'Mangueiras de Incêndio': [
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
  'Luminárias de Emergência': [
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
};

/**
 * The demo group's catalogue: the provider's standard catalogue (standard.ts, also what a new company
 * group may copy) plus the demo products. Names as in seed 001 (the fire-fighting/extinguisher pair
 * drives report filters).
 */
export async function seedCatalogue(ctx: SeedContext): Promise<void> {
  const db: Kysely<TenantDatabase> = tenantDb(ctx.schemaName, ctx.db);
  const typeIds = await installStandardCatalogue(db);
  for (const [typeName, products] of Object.entries(DEMO_PRODUCTS)) {
    const typeId = typeIds.get(typeName);
    if (typeId === undefined) throw new Error(`demo products of an unknown inspection type: ${typeName}`);
    for (const p of products) {
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
