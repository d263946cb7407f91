/**
 * The product in its own process (tests/e2e/product-child.ts: built client, throwaway database seeded
 * with the demo, server and worker on a free port), then what the bench needs of it: the demo
 * company, a catalogue, tokens, a way to register equipment and read an inspection's photos. The
 * server's modules are imported only after the child's environment is applied.
 */
import { DEMO } from '../../tests/e2e/chromium.ts';
import { type ProductProcess, startProductChild } from '../../tests/e2e/product-process.ts';
import { applyEnv } from '../../tests/helpers/test-env.ts';
import type { TenantDb } from '../../src/server/db/database.ts';
import type { demoCompany, extinguisherCatalogue } from '../../tests/integration/equipment/helpers.ts';

let product: ProductProcess | undefined;

export async function startProductProcess(): Promise<{ url: string; env: Record<string, string> }> {
  product = await startProductChild('evidence', { LOG_LEVEL: 'error', TEST_LOG_LEVEL: 'error' });
  return { url: product.url, env: product.env };
}

/** Ends the product process (its stdin closed: it drops its database), bounded; killed if stuck. */
export async function stopProductProcess(): Promise<void> {
  await product?.stop();
}

/** The running product as the bench's steps use it. */
export interface Product {
  url: string;
  env: Record<string, string>;
  demo: Awaited<ReturnType<typeof demoCompany>>;
  companyName: string;
  catalogue: Awaited<ReturnType<typeof extinguisherCatalogue>>;
  operatorToken: string;
  db: TenantDb;
  /** the tenant's schema as Postgres names it */
  schema: string;
  newEquipment(): Promise<{ serial: string; id: number }>;
  photosOf(
    inspectionId: number,
  ): Promise<{ byte_size: number; width: number; height: number; file_key: string }[]>;
}

/**
 * Applies the child's environment, then opens the database and prepares the demo company. `onOpen`
 * gets the close of the pool and Redis as soon as they are imported (the bench's cleanup runs it
 * even when a later step fails).
 */
export async function openProduct(
  url: string,
  env: Record<string, string>,
  onOpen: (close: () => Promise<void>) => void,
): Promise<Product> {
  applyEnv(env);
  const { coreDb, tenantDb, tenantSchemaName, closeDb } = await import('../../src/server/db/database.ts');
  const { closeRedis } = await import('../../src/server/redis.ts');
  const close = async () => {
    await closeDb();
    await closeRedis();
  };
  onOpen(close);
  const { loginAs } = await import('../../tests/helpers/api.ts');
  const { createTag, demoCompany, extinguisherCatalogue, register } = await import(
    '../../tests/integration/equipment/helpers.ts'
  );
  const demo = await demoCompany();
  await coreDb()
    .updateTable('companies')
    .set({ tags_limit: 100_000 })
    .where('id', '=', demo.companyId)
    .execute();
  const company = await coreDb()
    .selectFrom('companies')
    .select('name')
    .where('id', '=', demo.companyId)
    .executeTakeFirstOrThrow();
  const catalogue = await extinguisherCatalogue(await loginAs(DEMO.groupAdmin), await loginAs(DEMO.admin));
  const companyToken = await loginAs(DEMO.companyAdmin);
  const operatorToken = await loginAs(DEMO.operator);
  const db = tenantDb(demo.schema);
  return {
    url,
    env,
    demo,
    companyName: company.name,
    catalogue,
    operatorToken,
    db,
    schema: tenantSchemaName(demo.schema),
    newEquipment: async () => {
      const serial = await createTag(demo);
      const id = await register(companyToken, { tagSerialNumber: serial, productId: catalogue.productId });
      return { serial, id };
    },
    photosOf: (inspectionId) =>
      db
        .selectFrom('record_photos')
        .select(['byte_size', 'width', 'height', 'file_key'])
        .where('record_kind', '=', 'INSPECTION')
        .where('record_id', '=', inspectionId)
        .orderBy('position')
        .execute(),
  };
}
