/**
 * The equipment domain's service, by entity: registration and edits (register.ts), the field
 * records and history (records.ts), the report list (list.ts), the public card (card.ts). What
 * other domains use: `findTagInScope` (lookup.ts), `loadEquipment`/`toEquipmentDto` (dto.ts),
 * `refreshEquipmentSearch`/`syncProductEquipment` (search.ts), `writeEquipmentSnapshot`.
 */
export { tagCard, tagCardImage, tagHome } from './card.ts';
export { loadEquipment, loadOneEquipment, toEquipmentDto } from './dto.ts';
export { listEquipment } from './list.ts';
export { equipmentIdOnTag, findTagInScope, lockEquipmentOnTag } from './lookup.ts';
export {
  checkAnswers,
  inspect,
  inspectionForm,
  inspections,
  maintain,
  maintenanceForm,
  maintenances,
  snapshots,
} from './records.ts';
export { registerEquipment, registerOptions, updateEquipment, writeEquipmentSnapshot } from './register.ts';
export { refreshEquipmentSearch, syncProductEquipment } from './search.ts';
export { setReferenceLocation } from './presence.ts';
export { awaitingTagPage, claimTag, nextUnusedTags } from './awaiting-tag.ts';
export { assignTags } from './assign-tags.ts';

import type { EquipmentDetail } from '../../../shared/equipment/detail.ts';
import type { Ctx } from './common.ts';
import { equipmentCycles } from './due-cycles.ts';
import { loadOneEquipment } from './dto.ts';
import { equipmentIdOnTag } from './lookup.ts';

/**
 * GET /web/equipments/{tag}: the tag's equipment (404 EQUIPMENT_NOT_FOUND on an unused tag), with
 * each of its maintenance cycles (issue 30).
 */
export async function getEquipment(ctx: Ctx, { tag }: { tag: string }): Promise<EquipmentDetail> {
  const id = await equipmentIdOnTag(ctx, tag);
  const [equipment, cycles] = await Promise.all([
    loadOneEquipment(ctx.auth.tenant, id),
    equipmentCycles(ctx.auth.tenant, id),
  ]);
  return { ...equipment, cycles };
}
