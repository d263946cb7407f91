import { log } from './logger.ts';

/**
 * Work that runs after its request has answered (mails whose timing must not reveal whether an
 * account exists). Shutdown and tests wait for it with `pendingAfterAnswer()`.
 */
const inFlight = new Set<Promise<void>>();

export function runAfterAnswer(what: string, work: () => Promise<void>): void {
  const p = work()
    .catch((e) => log.error(`${what} failed`, { error: String(e) }))
    .finally(() => inFlight.delete(p));
  inFlight.add(p);
}

export function pendingAfterAnswer(): Promise<void> {
  return Promise.all([...inFlight]).then(() => undefined);
}
