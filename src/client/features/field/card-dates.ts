/**
 * The tag card's next inspection and due date: the signed-in user's equipment (`equipment.get`)
 * when it is theirs, else the public card's.
 */
import type { RouterOutputs } from '../../lib/api-types.ts';

type TagCardData = RouterOutputs['equipment']['card'];
type Equipment = RouterOutputs['equipment']['get'];

export function cardDates(card: TagCardData, equipment: Equipment | null) {
  const next = equipment
    ? {
        date: equipment.nextInspectionDate,
        status: equipment.lastInspectionExpirationStatus,
        days: equipment.lastInspectionDaysToExpire,
      }
    : {
        date: card.nextInspectionDate,
        status: card.lastInspectionExpirationStatus,
        days: card.lastInspectionDaysToExpire,
      };
  const due = equipment
    ? {
        date: equipment.dueDate,
        status: equipment.dueDateExpirationStatus,
        days: equipment.dueDateDaysToExpire,
      }
    : { date: card.dueDate, status: card.dueDateExpirationStatus, days: card.dueDateDaysToExpire };
  return { next, due };
}
