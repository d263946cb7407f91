/**
 * The product for a bench, in a process of its own (`node --import tsx tests/e2e/product-child.ts
 * <label>`): the browser tests' start (tests/e2e/global-setup.ts `startProduct`: built client, a
 * throwaway database seeded with the demo, server and worker on a free port). It prints one line
 * `PRODUCT {"url":…,"env":{…}}` once serving, and stops — closing everything and dropping its
 * database, Redis keys, data dir and build — when its stdin ends (its parent closed it or died)
 * or on SIGTERM.
 */
import { startProduct } from './global-setup.ts';

const product = await startProduct(process.argv[2] ?? 'bench');
process.stdout.write(`PRODUCT ${JSON.stringify({ url: product.url, env: product.env })}\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  try {
    await product.stop();
  } finally {
    process.exit(0);
  }
}
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
