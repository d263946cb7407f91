import { z } from 'zod';
import { equipmentCycleSchema } from '../cycles/schemas.ts';
import { equipmentSchema } from './schemas.ts';

/** GET /web/equipments/{tag}/: the equipment with each of its maintenance cycles (issue 30). */
export const equipmentDetailSchema = equipmentSchema.extend({ cycles: z.array(equipmentCycleSchema) });
export type EquipmentDetail = z.infer<typeof equipmentDetailSchema>;
