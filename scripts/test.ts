/**
 * `npm test`: everything CI runs, in order — typecheck, lint, unit, integration, e2e, then the
 * Citus part (`npm run test:citus`: a local coordinator and two workers, Citus built into the
 * machine's PostgreSQL the first time) — then one closing line "N passed, N failed" summed over
 * the vitest runs. `npm test -- <static|unit|integration|e2e|citus>` runs one step.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

const node = process.execPath;
let passed = 0;
let failed = 0;
let ok = true;
/** Each failed test's file, name and first message lines, printed last so a log's tail shows them. */
const failures: string[] = [];

function step(name: string, args: string[]): boolean {
  console.log(`\n▶ ${name}`);
  const t = Date.now();
  const r = spawnSync(node, args, { stdio: 'inherit', env: process.env });
  console.log(`${r.status === 0 ? '✔' : '✘'} ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  return r.status === 0;
}

/** A vitest run (`command` before the reporter options) whose JSON report is added to the totals. */
function vitest(
  project: string,
  command = ['node_modules/vitest/vitest.mjs', 'run', '--project', project],
): void {
  mkdirSync('test-results', { recursive: true });
  const out = `test-results/${project}.json`;
  const good = step(`${project} tests`, [
    ...command,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  try {
    const r = JSON.parse(readFileSync(out, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numTotalTests: number;
      testResults?: {
        name: string;
        status: string;
        message?: string;
        assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
      }[];
    };
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    if (r.numTotalTests === 0) ok = false;
    for (const file of r.testResults ?? []) {
      const where = file.name.replace(`${process.cwd()}/`, '');
      const bad = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of bad)
        failures.push(`${project} · ${where} › ${a.fullName}\n${firstLines(a.failureMessages?.[0])}`);
      // A file that failed outside any test (an import error, a hook) has no failed assertion.
      if (file.status === 'failed' && bad.length === 0)
        failures.push(`${project} · ${where}\n${firstLines(file.message)}`);
    }
  } catch {
    failed += 1;
    failures.push(`${project} · no JSON report at ${out}`);
  }
  ok &&= good;
}

function firstLines(message: string | undefined): string {
  return (message ?? '(no message)')
    .split('\n')
    .slice(0, 6)
    .map((l) => `    ${l.slice(0, 300)}`)
    .join('\n');
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
if (!only || only === 'citus') vitest('citus', ['node_modules/tsx/dist/cli.mjs', 'scripts/test-citus.ts']);

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `✘ ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
