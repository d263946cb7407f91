/**
 * The product in a process of its own (tests/e2e/product-child.ts: built client, throwaway
 * database seeded with the demo, server and worker on a free port): the browser tests' second
 * product (global-setup.ts) and the evidence bench's (bench/evidence/product.ts).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface ProductProcess {
  url: string;
  env: Record<string, string>;
  /** Ends the process (its stdin closed: it drops its database), bounded; killed if stuck. */
  stop(): Promise<void>;
}

/** Starts a product process labelled `label` with `env` over this process's environment; resolves once it serves. */
export async function startProductChild(
  label: string,
  env: Record<string, string> = {},
): Promise<ProductProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'product-child.ts'), label], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const started = await new Promise<{ url: string; env: Record<string, string> }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the product did not start in 10 minutes')), 600_000);
    child.once('exit', (code) => reject(new Error(`the product process exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('PRODUCT ')) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice('PRODUCT '.length)));
      }
    });
  });
  return {
    ...started,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.stdin?.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
