import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  customPlanCents,
  decimalToCents,
  formatBRL,
  tagOrderCents,
} from '../../src/shared/billing/money.ts';
import { billMayMove, paymentStatusFor, subscriptionEnded } from '../../src/shared/billing/rules.ts';
import { vindiEventSchema, vindiEventTarget } from '../../src/server/domains/billing/vindi-event.ts';

const DAY = 24 * 3600 * 1000;

describe('money (integer cents, BRL with comma decimals)', () => {
  it('formats BRL the Brazilian way in every language', () => {
    expect(formatBRL(104900)).toBe('R$ 1.049,00');
    expect(formatBRL(35900)).toBe('R$ 359,00');
    expect(formatBRL(99)).toBe('R$ 0,99');
    expect(formatBRL(115 * 10, 'en')).toBe('R$ 11,50');
    expect(formatBRL(0)).toBe('R$ 0,00');
  });
  it('reads and writes the seed’s and Vindi’s decimal strings without float error', () => {
    expect(centsToDecimal(35900)).toBe('359.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(decimalToCents('359.0')).toBe(35900);
    expect(decimalToCents('1049.5')).toBe(104950);
    expect(decimalToCents('0.99')).toBe(99);
    expect(decimalToCents('1.15')).toBe(115);
    expect(decimalToCents(32.5)).toBe(3250);
    expect(decimalToCents('0.1')).toBe(10);
    expect(decimalToCents('2.005')).toBe(201);
    expect(decimalToCents('abc')).toBeNull();
    expect(decimalToCents('1e3')).toBeNull();
  });
  it('prices the custom plan and tag orders (seed §9; NFC at 3,25 each, not the seed client’s 1,15 factor)', () => {
    expect(customPlanCents(50, 99)).toBe(4950);
    expect(customPlanCents(0, 99)).toBe(0);
    const prices = { QR: 115, NFC: 325 };
    expect(tagOrderCents('QR', 10, prices)).toBe(1150);
    expect(tagOrderCents('NFC', 10, prices)).toBe(3250);
    expect(tagOrderCents('NFC', -1, prices)).toBe(0);
  });
});

describe('payment status of a company group', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it('is OK without unpaid bills or before the due date', () => {
    expect(paymentStatusFor(null, now, 15)).toBe('OK');
    expect(paymentStatusFor(new Date(now.getTime() + DAY), now, 15)).toBe('OK');
    expect(paymentStatusFor(now, now, 15)).toBe('OK');
  });
  it('is PENDING once past due and BLOCKED after more than BILLING_BLOCK_AFTER_DAYS', () => {
    expect(paymentStatusFor(new Date(now.getTime() - 1000), now, 15)).toBe('PENDING');
    expect(paymentStatusFor(new Date(now.getTime() - 15 * DAY), now, 15)).toBe('PENDING');
    expect(paymentStatusFor(new Date(now.getTime() - 15 * DAY - 1000), now, 15)).toBe('BLOCKED');
    expect(paymentStatusFor(new Date(now.getTime() - 1000), now, 0)).toBe('BLOCKED');
  });
});

describe('bill and subscription states', () => {
  it('a bill never goes back (paid stays paid whatever arrives later)', () => {
    expect(billMayMove('pending', 'paid')).toBe(true);
    expect(billMayMove('paid', 'pending')).toBe(false);
    expect(billMayMove('paid', 'canceled')).toBe(false);
    expect(billMayMove('canceled', 'paid')).toBe(true);
    expect(billMayMove('pending', 'pending')).toBe(true);
    expect(billMayMove('review', 'pending')).toBe(false);
  });
  it('canceled and expired subscriptions have ended', () => {
    expect(subscriptionEnded('canceled')).toBe(true);
    expect(subscriptionEnded('expired')).toBe(true);
    expect(subscriptionEnded('active')).toBe(false);
    expect(subscriptionEnded('future')).toBe(false);
  });
});

describe('the Vindi event shape', () => {
  it('parses bill, subscription and charge events and names what to re-read', () => {
    const bill = vindiEventSchema.parse({
      event: {
        type: 'bill_paid',
        created_at: '2026-11-24T10:00:00.000-03:00',
        data: {
          bill: { id: 123, status: 'paid', amount: '359.0', subscription: { id: 9 }, customer: { id: 7 } },
        },
      },
    });
    expect(vindiEventTarget(bill)).toEqual({ kind: 'bill', id: '123', billId: '123', subscriptionId: null });
    const sub = vindiEventSchema.parse({
      event: {
        type: 'subscription_canceled',
        created_at: 'x',
        data: { subscription: { id: 'sub_1', status: 'canceled' } },
      },
    });
    expect(vindiEventTarget(sub)).toEqual({
      kind: 'subscription',
      id: 'sub_1',
      billId: null,
      subscriptionId: 'sub_1',
    });
    const charge = vindiEventSchema.parse({
      event: { type: 'charge_rejected', created_at: 'x', data: { charge: { id: 5, bill: { id: 123 } } } },
    });
    expect(vindiEventTarget(charge)).toEqual({
      kind: 'charge',
      id: '5',
      billId: '123',
      subscriptionId: null,
    });
    const test = vindiEventSchema.parse({ event: { type: 'test', created_at: 'x', data: {} } });
    expect(vindiEventTarget(test).kind).toBe('none');
    expect(vindiEventSchema.safeParse({ event: { type: 'bill_paid' } }).success).toBe(false);
  });
});
