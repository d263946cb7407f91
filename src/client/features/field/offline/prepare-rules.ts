/**
 * When the phone prepares the working set by itself, in the background (issue 26 item 11): the
 * "Preparar para trabalhar sem sinal" step users missed. Pure, so the unit tests hold it; the engine
 * (./engine.ts) reads the device and the phone's storage and acts on the answer.
 */
import type { Role } from '../../../../shared/roles.ts';

/** The roles that work in the field with a phone: their sign-in on a phone prepares the set. */
export const FIELD_ROLES: readonly Role[] = ['COMPANY_ADMIN', 'COMPANY_OPERATOR'];

/** A screen whose short side is below this (CSS px) is a phone's, not a tablet's or a computer's. */
export const PHONE_MAX_SHORT_SIDE = 600;

export interface DeviceSignals {
  /** `navigator.userAgentData.mobile` where the browser has it (Chromium); undefined elsewhere (Safari, Firefox) */
  uaMobile: boolean | undefined;
  /** `matchMedia('(pointer: coarse)')`: the main pointer is a finger */
  coarsePointer: boolean;
  /** the screen's shorter side in CSS px (`screen.width`/`height`), whatever the orientation */
  shortSide: number;
}

/**
 * A phone: the browser says so (Client Hints' `mobile`), or a finger is the main pointer on a
 * phone-sized screen (Safari and Firefox have no `userAgentData`; the user agent string is not
 * read: iPadOS and "desktop mode" lie in it). A tablet or a touch laptop is not a phone.
 */
export function isPhone(d: DeviceSignals): boolean {
  if (d.uaMobile === true) return true;
  return d.coarsePointer && d.shortSide > 0 && d.shortSide < PHONE_MAX_SHORT_SIDE;
}

export interface PrepareInput {
  role: Role | null;
  phone: boolean;
  /** the app was installed on this device (the `appinstalled` event, or it runs standalone) */
  installed: boolean;
  /** the user asked the browser to save data (`navigator.connection.saveData`) */
  saveData: boolean;
  /** a working set is on the phone (it is kept current by its version check, not by this) */
  hasSet: boolean;
  /** a background download was left half-way (closed page, lost signal) */
  hasPartial: boolean;
  /** the day a background preparation last started for this set (null: never, or since sign-in) */
  lastDay: string | null;
  today: string;
}

/**
 * What to do: resume a download left half-way, start one, or nothing. At most one start a day per
 * sign-in; never on a save-data connection; never over a set that is already there.
 */
export function backgroundPreparation(i: PrepareInput): 'resume' | 'start' | 'none' {
  if (i.saveData) return 'none';
  if (i.hasPartial) return 'resume';
  if (i.hasSet || i.lastDay === i.today) return 'none';
  if (i.installed) return 'start';
  if (i.phone && i.role !== null && FIELD_ROLES.includes(i.role)) return 'start';
  return 'none';
}

/** Room for a set of `items` (equipment + tags), from the storage estimate: ~4 kB an item, to spare. */
export const BYTES_PER_ITEM_BUDGET = 4096;

export function hasRoomFor(items: number, estimate: { usage?: number; quota?: number } | null): boolean {
  if (!estimate?.quota) return true;
  return estimate.quota - (estimate.usage ?? 0) >= items * BYTES_PER_ITEM_BUDGET;
}

/** The device's own calendar day (YYYY-MM-DD), for "once a day". */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
