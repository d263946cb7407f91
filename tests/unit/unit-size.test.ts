import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureAll, measureSource } from '../helpers/unit-size.ts';

/**
 * Units that stay small (issue 27 item 5): every source file under src/ is at most 400 lines and
 * every function (declaration, arrow, method, function component) at most 120 lines.
 *
 * Excepted by rule (see tests/helpers/unit-size.ts): i18n bundles (`i18n.ts`, `*-i18n.ts`,
 * `src/client/i18n/{pt,en,es}.ts`) are not measured, and a file's data tables — top-level `const`s
 * whose value is an array or object literal with no function inside (label templates, seed data,
 * font tables) — do not count towards its lines.
 *
 * The units that were bigger when this test came are listed in `unit-size-allow.json` (`path` →
 * lines, `path:function` → lines). The list may only shrink: a listed unit may not grow, and once
 * it is smaller the entry must be lowered (or removed once within the limit), so the list always
 * says the sizes as they are.
 */
const FILE_LIMIT = 400;
const FUNCTION_LIMIT = 120;
const ALLOW: Record<string, number> = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'unit-size-allow.json'), 'utf8'),
);

function problems(sizes: Map<string, number>, limit: number, isKey: (key: string) => boolean): string[] {
  const out: string[] = [];
  for (const [key, lines] of sizes) {
    const allowed = ALLOW[key];
    if (allowed === undefined) {
      if (lines > limit) out.push(`${key}: ${lines} lines, over the limit of ${limit} — split it`);
    } else if (lines > allowed)
      out.push(`${key}: ${lines} lines, grew beyond its allowed ${allowed} — split it`);
    else if (lines <= limit) out.push(`${key}: ${lines} lines, within the limit — remove the entry`);
    else if (lines < allowed) out.push(`${key}: ${lines} lines — lower the entry to ${lines}`);
  }
  for (const key of Object.keys(ALLOW))
    if (isKey(key) && !sizes.has(key)) out.push(`${key}: no such unit any more — remove the entry`);
  return out;
}

describe('unit sizes', () => {
  const measured = measureAll();

  it(`files are at most ${FILE_LIMIT} lines (data tables and i18n bundles aside)`, () => {
    const sizes = new Map(measured.map((f) => [f.file, f.lines - f.dataLines]));
    expect(problems(sizes, FILE_LIMIT, (key) => !key.includes(':'))).toEqual([]);
  });

  it(`functions are at most ${FUNCTION_LIMIT} lines`, () => {
    const sizes = new Map(
      measured.flatMap((f) => f.functions.map((g) => [`${f.file}:${g.name}`, g.lines] as const)),
    );
    expect(problems(sizes, FUNCTION_LIMIT, (key) => key.includes(':'))).toEqual([]);
  });

  it('the allow-list holds only units over the limit', () => {
    const wrong = Object.entries(ALLOW).filter(([key, lines]) =>
      key.includes(':') ? lines <= FUNCTION_LIMIT : lines <= FILE_LIMIT,
    );
    expect(wrong).toEqual([]);
  });
});

describe('the unit measurer', () => {
  const source = [
    'const RE = /}{/g; // } a brace in a comment',
    'export function outer(a: string): string {',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the measured source holds a template literal
    '  const s = `${a} }` + "{";',
    '  const inner = (x: number) => {',
    '    return x > 1 ? "}" : "{";',
    '  };',
    '  return s + inner(1);',
    '}',
    'export const Component = () => (',
    '  <div title="}">',
    '    {[1, 2].map((n) => <span key={n}>{n}</span>)}',
    '  </div>',
    ');',
    'class Box {',
    '  get size() { return 1; }',
    '  grow() {',
    '    return 2;',
    '  }',
    '}',
    'export const TABLE = [',
    '  { a: 1 },',
    '  { a: 2 },',
    '] as const;',
    'const NOT_DATA = { f: () => 1, g: 2 };',
    'function twice() {}',
    'const o = { twice() {} };',
  ].join('\n');

  it('measures functions by their lines, named by where they stand', () => {
    const m = measureSource('x.tsx', `${source}\n`);
    expect(m.lines).toBe(26);
    expect(m.functions).toEqual([
      { name: 'outer', lines: 7 },
      { name: 'outer>inner', lines: 3 },
      { name: 'Component', lines: 5 },
      { name: 'Component>(anonymous)', lines: 1 },
      { name: 'Box>size', lines: 1 },
      { name: 'Box>grow', lines: 3 },
      { name: 'f', lines: 1 },
      { name: 'twice', lines: 1 },
      { name: 'twice#2', lines: 1 },
    ]);
  });

  it('counts the lines of data tables (literals without functions) apart', () => {
    expect(measureSource('x.tsx', source).dataLines).toBe(4);
  });
});
