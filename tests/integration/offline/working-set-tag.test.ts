import { beforeAll, describe, expect, it } from 'vitest';
import type { WorkingSetPage, WorkingSetTag } from '../../../src/shared/field/schemas.ts';
import { rest, trpcClient } from '../../helpers/api.ts';
import { createTag } from '../equipment/helpers.ts';
import { equipmentOf, type OfflineTenant, offlineTenant } from './helpers.ts';

/**
 * Issue 26 item 11: a tag opened online is kept for offline use — `field.workingSetTag` answers one
 * tag's part of the working set (its equipment row and the catalogue pieces its forms need), the
 * same as the whole set's download holds for it, within the caller's scope.
 */
let t: OfflineTenant;
let mine: { id: number; serial: string };
let theirs: { id: number; serial: string };
let unused: string;
beforeAll(async () => {
  t = await offlineTenant();
  mine = await equipmentOf(t, { label: 'Aberta online' });
  theirs = await equipmentOf(t, { companyId: t.companyB, label: 'Da filial' });
  unused = await createTag({ groupId: t.groupId, companyId: t.companyId, schema: t.schema });
}, 60_000);

type Tag = WorkingSetTag & { generatedAt: string };

describe('field.workingSetTag', () => {
  it('answers the tag’s equipment, product and inspection type exactly as the whole set holds them', async () => {
    const one = await rest<Tag>('GET', `/web/field/working-set/tags/${mine.serial.toLowerCase()}/`, {
      token: t.tokens.operator,
    });
    expect(one.status).toBe(200);
    const tag = one.json.data!;
    expect(tag.equipment).toMatchObject({
      id: mine.id,
      tagSerialNumber: mine.serial,
      extraLabel: 'Aberta online',
      companyId: t.companyId,
      productId: t.catalogue.productId,
      enabledTag: true,
    });
    expect(tag.product.id).toBe(t.catalogue.productId);
    expect(tag.inspectionType.id).toBe(t.catalogue.typeId);
    expect(tag.inspectionType.questions.length).toBeGreaterThan(0);

    // The same pieces as the whole set's first page carries for that product and type.
    const first = await rest<WorkingSetPage>('GET', '/web/field/working-set/?pageSize=2000', {
      token: t.tokens.operator,
    });
    expect(first.status).toBe(200);
    const cat = first.json.data!.catalogue!;
    expect(tag.product).toEqual(cat.products.find((p) => p.id === t.catalogue.productId));
    expect(tag.inspectionType).toEqual(cat.inspectionTypes.find((x) => x.id === t.catalogue.typeId));
    const row = first.json.data!.equipment.find((e) => e.id === mine.id);
    expect(row).toBeDefined();
    expect({ ...tag.equipment, lastInspectionAt: null }).toEqual({ ...row!, lastInspectionAt: null });

    // The tRPC door answers the same.
    const viaTrpc = await trpcClient(t.tokens.operator).field.workingSetTag.query({ tag: mine.serial });
    expect(viaTrpc.equipment).toEqual({ ...tag.equipment, lastInspectionAt: null });
    expect(viaTrpc.inspectionType).toEqual(tag.inspectionType);
  });

  it('another company’s tag is 404 TAG_NOT_FOUND for an operator, an unused tag 404 EQUIPMENT_NOT_FOUND', async () => {
    const other = await rest('GET', `/web/field/working-set/tags/${theirs.serial}/`, {
      token: t.tokens.operator,
    });
    expect(other.status).toBe(404);
    expect(other.json.error?.code).toBe('TAG_NOT_FOUND');
    const free = await rest('GET', `/web/field/working-set/tags/${unused}/`, { token: t.tokens.operator });
    expect(free.status).toBe(404);
    expect(free.json.error?.code).toBe('EQUIPMENT_NOT_FOUND');
    // The group admin reaches every company of the group.
    const group = await rest<Tag>('GET', `/web/field/working-set/tags/${theirs.serial}/`, {
      token: t.tokens.group,
    });
    expect(group.status).toBe(200);
    expect(group.json.data!.equipment.companyId).toBe(t.companyB);
  });
});
