/**
 * `npm test`: everything CI runs, in order — typecheck, lint, unit, integration, e2e — then one
 * closing line "N passed, N failed" summed over the vitest projects.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

const node = process.execPath;
let passed = 0;
let failed = 0;
let ok = true;

function step(name: string, args: string[]): boolean {
  console.log(`\n▶ ${name}`);
  const t = Date.now();
  const r = spawnSync(node, args, { stdio: 'inherit', env: process.env });
  console.log(`${r.status === 0 ? '✔' : '✘'} ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  return r.status === 0;
}

function vitest(project: string): void {
  mkdirSync('test-results', { recursive: true });
  const out = `test-results/${project}.json`;
  const good = step(`${project} tests`, [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  try {
    const r = JSON.parse(readFileSync(out, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numTotalTests: number;
    };
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    if (r.numTotalTests === 0) ok = false;
  } catch {
    failed += 1;
  }
  ok &&= good;
}

const only = process.argv[2];
if (!only || only === 'static') {
  ok = step('typecheck', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']) && ok;
  ok =
    step('lint', [
      'node_modules/@biomejs/biome/bin/biome',
      'check',
      'src',
      'tests',
      'scripts',
      'migrations',
    ]) && ok;
}
for (const p of ['unit', 'integration', 'e2e']) if (!only || only === p) vitest(p);

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
