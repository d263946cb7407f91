/**
 * Proof of presence (issue 20): how and when the tag being worked on was identified. The scan
 * dialog says it — the camera read the QR code (SCAN), the phone read the tag by Web NFC (NFC), or
 * the serial was typed (TYPED) — before it opens /t/<serial>; a page opened from outside the app
 * (the phone's camera app or an NFC tag opening the label's printed URL) was opened by reading
 * the label, so it counts as a scan at the time the page opened. Kept in sessionStorage, so a reload
 * of the page keeps the first identification. No zod here: part of the main bundle.
 */
import type { IdentifiedBy } from '../../../shared/equipment/schemas.ts';

export interface Identification {
  serial: string;
  via: IdentifiedBy;
  /** ISO instant */
  at: string;
}

const KEY = 'field.identification';

function read(): Identification | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Identification | null;
    return v && typeof v.serial === 'string' && typeof v.at === 'string' ? v : null;
  } catch {
    return null;
  }
}

function write(v: Identification): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(v));
  } catch {
    // private mode: kept for this page only
  }
  current = v;
}

let current: Identification | null = null;

/** The scan dialog identified a tag (before it navigates to it). */
export function identify(serial: string, via: IdentifiedBy, at = new Date()): Identification {
  const v = { serial, via, at: at.toISOString() };
  write(v);
  return v;
}

/** How the tag of the page was identified; a page opened from the label's URL is a scan, now. */
export function identificationOf(serial: string): Identification {
  current ??= read();
  if (current?.serial === serial) return current;
  return identify(serial, 'SCAN');
}
