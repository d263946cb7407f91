/**
 * What a scanned label or a typed serial says. No zod here: the top bar's scan button is part of
 * the main bundle, which must not build schemas before `lib/zod-csp.ts` turns zod's eval probe off.
 */

/** A serial's length as the server's `serialField` accepts it. */
export const SERIAL_MIN = 4;
export const SERIAL_MAX = 32;
/** A serial as the server's `serialField` accepts it (upper-case letters and digits). */
const SERIAL_RE = /^[0-9A-Z]{4,32}$/;

/**
 * What is wrong with a typed serial that `serialFromScan` refuses, so the dialog says the rule it
 * breaks: nothing typed, a character other than letters and digits, or a length out of 4–32.
 */
export function typedSerialProblem(typed: string): 'required' | 'characters' | 'length' {
  const serial = normalizeTypedSerial(typed.trim());
  if (!serial) return 'required';
  if (!/^[0-9A-Z]+$/.test(serial)) return 'characters';
  return 'length';
}

/** Upper-cases and drops spaces and dashes, as a person types what they read on a label. */
export function normalizeTypedSerial(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

/**
 * The serial in what a camera read: a label URL (`https://host/#/t/<serial>`, any host, so labels
 * printed before a domain change still work), a path `/t/<serial>`, or a bare serial. Null when
 * the text is none of these (another QR code).
 */
export function serialFromScan(text: string): string | null {
  const raw = text.trim();
  if (!raw) return null;
  const inUrl = /(?:^|[/#])t\/([0-9A-Za-z-]{4,40})\/?(?:[?#].*)?$/.exec(raw);
  const candidate = inUrl ? inUrl[1]! : /^[0-9A-Za-z\s-]+$/.test(raw) ? raw : null;
  if (candidate === null) return null;
  const serial = normalizeTypedSerial(candidate);
  return SERIAL_RE.test(serial) ? serial : null;
}

/** One record of a Web NFC read (`NDEFReadingEvent.message.records[i]`), as far as a label needs. */
export interface NdefRecordLike {
  recordType: string;
  encoding?: string | null;
  data?: DataView | null;
}

/**
 * The serial a tag read by Web NFC carries: its first URL or text record that names a label (the
 * tags are written with the label's URL, like the QR code). Null when none does.
 */
export function serialFromNdef(records: readonly NdefRecordLike[]): string | null {
  for (const r of records) {
    if (!r.data || !['url', 'absolute-url', 'text'].includes(r.recordType)) continue;
    let text: string;
    try {
      text = new TextDecoder(r.encoding || 'utf-8').decode(r.data);
    } catch {
      continue;
    }
    const serial = serialFromScan(text);
    if (serial) return serial;
  }
  return null;
}
