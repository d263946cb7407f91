import { closeDb } from '../src/server/db/database.ts';
import { closeRedis } from '../src/server/redis.ts';
import { ServiceUnavailableError } from '../src/server/services-check.ts';

/** Runs a script body; a missing service prints its one sentence, not a stack trace. */
export async function runScript(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (e) {
    if (e instanceof ServiceUnavailableError) console.error(`\n${e.message}\n`);
    else console.error(e);
    process.exitCode = 1;
  } finally {
    await Promise.allSettled([closeDb(), closeRedis()]);
  }
}
