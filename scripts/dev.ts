/** `npm run dev`: server and worker with reload, and Vite's dev server with hot reload. */
import { spawn } from 'node:child_process';

const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], { stdio: 'inherit' }),
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/worker/main.ts'], { stdio: 'inherit' }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
