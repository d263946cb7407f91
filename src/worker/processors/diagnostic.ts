import type { Processor } from './types.ts';

/**
 * A job that proves the pipeline end to end (enqueue → worker → progress → completed):
 * used by health checks and the worker's integration test. `steps` progress updates, then done.
 */
export const diagnostic: Processor = async ({ payload, progress }) => {
  const steps = Math.min(Number(payload.params.steps ?? 4), 20);
  if (payload.params.fail) throw new Error(String(payload.params.fail));
  for (let i = 1; i <= steps; i++) {
    await progress(Math.round((i / steps) * 100));
  }
  return { summary: { steps, echo: payload.params.echo ?? null } };
};
