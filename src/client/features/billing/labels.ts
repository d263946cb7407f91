import type { TFunction } from 'i18next';
import { formatBRL } from '../../../shared/billing/money.ts';

/** Seed 000 §4: the subscription statuses with a label; any other is shown as the provider says it. */
const SUBSCRIPTION_LABELS = ['active', 'canceled', 'future', 'expired'] as const;
/** Seed 000 §4: the bill statuses with a label. */
const BILL_LABELS = ['review', 'pending', 'paid', 'canceled', 'scheduled'] as const;

/** 'ATIVA', 'CANCELADA'… (billing namespace `t`); an unknown status raw. */
export function subscriptionStatusLabel(t: TFunction, status: string): string {
  return (SUBSCRIPTION_LABELS as readonly string[]).includes(status)
    ? t(`subscriptionStatus.${status}`)
    : status;
}

/** 'PENDENTE', 'PAGA'… (billing namespace `t`); an unknown status raw. */
export function billStatusLabel(t: TFunction, status: string): string {
  return (BILL_LABELS as readonly string[]).includes(status) ? t(`billStatus.${status}`) : status;
}

/** The badge colour of a bill status. */
export function billStatusVariant(status: string | null | undefined): 'success' | 'warning' | 'outline' {
  if (status === 'paid') return 'success';
  if (status === 'pending' || status === 'review') return 'warning';
  return 'outline';
}

/** 'R$ 359,00/mês' (the /my-plan cards, seed 000 §2). */
export function monthly(t: TFunction, cents: number): string {
  return `${formatBRL(cents)}${t('perMonth')}`;
}

/** A shipping address (address, complement, neighborhood, city, state, cep) on one or two lines. */
export function addressLines(address: Record<string, string> | null | undefined): string[] {
  if (!address) return [];
  const cep = address.cep?.replace(/^(\d{5})(\d{3})$/, '$1-$2');
  const street = [address.address, address.complement].filter(Boolean).join(', ');
  const city = [address.neighborhood, [address.city, address.state].filter(Boolean).join('/'), cep]
    .filter(Boolean)
    .join(' — ');
  return [street, city].filter(Boolean);
}
