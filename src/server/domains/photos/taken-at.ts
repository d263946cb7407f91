/**
 * A photo's EXIF capture time without an offset is the wall clock of the phone that took it: read
 * in the product's time zone (where the equipment is), the instant it names.
 */

/** Minutes `timeZone` is ahead of UTC at `instant`. */
function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/** `YYYY-MM-DDTHH:MM:SS` on the clocks of `timeZone` → the instant. */
export function zonedInstant(local: string, timeZone: string): Date {
  const guess = new Date(`${local}Z`);
  if (Number.isNaN(guess.getTime())) return guess;
  const first = new Date(guess.getTime() - zoneOffsetMinutes(guess, timeZone) * 60_000);
  // Once more at the corrected instant, for a local time next to a change of offset.
  return new Date(guess.getTime() - zoneOffsetMinutes(first, timeZone) * 60_000);
}
