/**
 * `npm run dev`: server and worker from the TypeScript sources with reload, and Vite's dev server
 * with hot reload. One process each unless WEB_CONCURRENCY / WORKERS say otherwise.
 */
import { spawn } from 'node:child_process';

const env = { WEB_CONCURRENCY: '1', WORKERS: '1', ...process.env };
const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], { stdio: 'inherit', env }),
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/worker/main.ts'], { stdio: 'inherit', env }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
