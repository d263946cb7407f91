import { tenantDb } from '../../../src/server/db/database.ts';
import { DEMO, loginAs, rest } from '../../helpers/api.ts';

export const tokens = async () => ({
  admin: await loginAs(DEMO.admin),
  group: await loginAs(DEMO.groupAdmin),
  company: await loginAs(DEMO.companyAdmin),
  operator: await loginAs(DEMO.operator),
});

/** A unique suffix: tests share the database with other files. */
export const uid = () => Math.random().toString(36).slice(2, 8);
export const demoDb = () => tenantDb('demo');

export async function createCategory(token: string, name: string, enabled = true): Promise<number> {
  const r = await rest<number>('POST', '/web/categories/', { token, body: { name, enabled } });
  if (r.status !== 201) throw new Error(`category: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data!;
}

export async function createType(
  token: string,
  name: string,
  categoryId: number,
  enabled = true,
): Promise<number> {
  const r = await rest<number>('POST', '/web/inspection-types/', {
    token,
    body: { name, categoryId, enabled },
  });
  if (r.status !== 201) throw new Error(`type: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data!;
}

export function productBody(
  categoryId: number,
  inspectionTypeId: number,
  over: Record<string, unknown> = {},
) {
  return {
    sku: `SKU-${uid()}`,
    name: `Produto ${uid()}`,
    enabled: true,
    inspectionSchedule: 30,
    daysNotificationNextInspectionDate: 5,
    categoryId,
    inspectionTypeId,
    ...over,
  };
}
