import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, ROOT, sourcesUnder } from '../helpers/source-imports.ts';
import { DOMAIN_LEVELS } from '../../src/server/domain-order.ts';

/**
 * The dependency order between the server's domains (src/server/domain-order.ts, issue 27 item 2),
 * read from the sources: a file of src/server/domains/<d>/ may import another domain only through
 * its public file (`<e>/index.ts`), and only a domain of a LOWER level (never one of its own level
 * or above). Every import counts: static, multi-line, `import type` (types tie domains as much as
 * values: a type-only import upward is the same cycle for the reader), `export … from` and lazy
 * `import()`.
 */
const DOMAINS = 'src/server/domains';

const levelOf = new Map(DOMAIN_LEVELS.flatMap((names, i) => names.map((n) => [n, i + 1] as const)));

/** The domain folder a repository path lies in, or null. */
function domainOf(file: string): string | null {
  const m = new RegExp(`^${DOMAINS}/([^/]+)/`).exec(file);
  return m ? m[1]! : null;
}

/** What is wrong with `file` importing `target` ("file X imports Y: reason"), or null. */
function violation(file: string, target: string): string | null {
  const from = domainOf(file);
  const to = domainOf(target);
  if (!from || !to || from === to) return null;
  const fromLevel = levelOf.get(from);
  const toLevel = levelOf.get(to);
  if (target !== `${DOMAINS}/${to}/index.ts`)
    return `${file} imports ${target}: another domain's private file (import ${to}/index.ts, its public file)`;
  if (fromLevel === undefined || toLevel === undefined)
    return `${file} imports ${target}: ${fromLevel === undefined ? from : to} is not in src/server/domain-order.ts`;
  if (toLevel >= fromLevel)
    return `${file} imports ${target}: ${to} (level ${toLevel}) is not below ${from} (level ${fromLevel}) in src/server/domain-order.ts — publish an event (kit/events.ts) that ${to} subscribes to, or move the code down`;
  return null;
}

function domainSources(): string[] {
  return sourcesUnder(DOMAINS);
}

const domainFolders = readdirSync(path.join(ROOT, DOMAINS), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

describe('domain order', () => {
  it('reads multi-line, type-only, re-exported and lazy imports, not commented ones', () => {
    const file = `${DOMAINS}/equipment/x.ts`;
    const text = [
      "import {\n  a,\n} from '../tags/limit.ts';",
      "import type { B } from '../webhooks/index.ts';",
      "export { c } from '../catalogue/index.ts';",
      "const d = await import('../service-orders/rules.ts');",
      "// import { e } from '../billing/index.ts';",
    ].join('\n');
    expect(importsOf(file, text).map((t) => violation(file, t))).toEqual([
      null, // catalogue/index.ts: below equipment
      `${file} imports ${DOMAINS}/service-orders/rules.ts: another domain's private file (import service-orders/index.ts, its public file)`,
      `${file} imports ${DOMAINS}/tags/limit.ts: another domain's private file (import tags/index.ts, its public file)`,
      expect.stringMatching(
        /imports src\/server\/domains\/webhooks\/index\.ts: webhooks \(level \d+\) is not below equipment/,
      ),
    ]);
  });

  it('lists every domain folder exactly once, and only those', () => {
    const listed = DOMAIN_LEVELS.flat();
    const twice = listed.filter((d, i) => listed.indexOf(d) !== i);
    expect(twice, 'listed more than once in src/server/domain-order.ts').toEqual([]);
    expect(
      [...listed].sort(),
      'src/server/domain-order.ts against the folders of src/server/domains',
    ).toEqual(domainFolders);
  });

  it('gives every domain one public file, index.ts', () => {
    expect(domainFolders.filter((d) => !existsSync(path.join(ROOT, DOMAINS, d, 'index.ts')))).toEqual([]);
  });

  it('imports another domain only through its public file, and only from a lower level', () => {
    const problems = domainSources().flatMap((file) =>
      importsOf(file, readFileSync(path.join(ROOT, file), 'utf8'))
        .map((target) => violation(file, target))
        .filter((v): v is string => v !== null),
    );
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
