/**
 * Days in tests that must not depend on the wall-clock hour (São Paulo midnight can fall in the
 * middle of a run). The server reads "today" (APP_TIME_ZONE) on every call; a test that creates
 * something "for today" and then looks for it runs inside `onOneDay`, which hands it one captured
 * day and runs it once more when that day ended while it ran — midnight can pass only once in a
 * test, so the second run sees one day throughout.
 */
import { DEFAULT_TIME_ZONE } from '../../src/shared/dates.ts';
import { todayIn } from '../../src/shared/equipment/status.ts';

/** Today where the product is used (the server's APP_TIME_ZONE in tests). */
export const dayNow = (): string => todayIn(process.env.APP_TIME_ZONE || DEFAULT_TIME_ZONE);

/**
 * Runs `fn(today)`; again (once) when the day changed while it ran — whether it passed or failed
 * then (a failure on one day is thrown as is).
 */
export async function onOneDay<T>(fn: (today: string) => Promise<T>): Promise<T> {
  const first = dayNow();
  try {
    const result = await fn(first);
    if (dayNow() === first) return result;
  } catch (err) {
    if (dayNow() === first) throw err;
  }
  return fn(dayNow());
}

/**
 * Today, at least `ms` before its end: when the São Paulo day ends sooner, waits (polling, bounded
 * by `ms` and a margin) until the next day has begun and answers that one. For a test that must
 * see one day from its first call to its last.
 */
export async function awayFromMidnight(ms: number): Promise<string> {
  const day = dayNow();
  if (todayIn(process.env.APP_TIME_ZONE || DEFAULT_TIME_ZONE, new Date(Date.now() + ms)) === day) return day;
  const deadline = Date.now() + ms + 30_000;
  while (dayNow() === day) {
    if (Date.now() > deadline) throw new Error(`the day ${day} did not end within ${ms + 30_000} ms`);
    await new Promise((r) => setTimeout(r, 1_000));
  }
  return dayNow();
}
