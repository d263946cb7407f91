/**
 * A plan's description as a card shows it. Descriptions are the provider admin's text, stored in
 * Portuguese; the ones still as core 0401 seeded them are shown in the user's language instead, and
 * one that only repeats the equipment limit (shown above it) is not shown twice.
 */
import type { TFunction } from 'i18next';
import type { Plan } from '../../../shared/billing/schemas.ts';
import { formatBRL } from '../../../shared/billing/money.ts';
import { SEEDED_PLAN_DESCRIPTIONS as SEEDED } from '../../../shared/billing/seeded-descriptions.ts';

export function planDescription(plan: Plan, t: TFunction): string | null {
  const text = plan.description.trim();
  if (!text) return null;
  if (plan.equipmentLimit !== null && text === t('upTo', { count: plan.equipmentLimit, lng: 'pt' }))
    return null;
  if (SEEDED[plan.code] === text) {
    if (plan.perUnit)
      return t('seeded.custom', { min: plan.minQuantity ?? 50, price: formatBRL(plan.unitCents ?? 0) });
    return t('seeded.free', { count: plan.equipmentLimit ?? 0 });
  }
  return text;
}
