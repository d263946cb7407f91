import { describe, expect, it } from 'vitest';
import { importsOf, readSource, sourcesUnder } from '../helpers/source-imports.ts';

/**
 * The layers' direction, read from the sources: src/render/ (the PDF/XLSX/ZPL renderers) is a leaf
 * both processes import, so it imports only src/shared/ and packages; src/shared/ imports no other
 * layer; the server never imports the worker process (src/worker/); and nothing the domain registry
 * (src/server/domains.ts) imports leads back to it. Every import counts: static, `import type`, `export … from` and lazy `import()`.
 */
const REGISTRY = 'src/server/domains.ts';

const read = readSource;

/** `file → target` for every import of the files under `from` into one of `forbidden`. */
function importsInto(from: string, forbidden: string[]): string[] {
  return sourcesUnder(from).flatMap((file) =>
    importsOf(file, read(file))
      .filter((target) => forbidden.some((dir) => target.startsWith(dir)))
      .map((target) => `${file} → ${target}`),
  );
}

describe('layer imports', () => {
  it('reads static, multi-line, type-only, re-exported and lazy imports, not commented ones', () => {
    const text = [
      "import { a } from '../shared/a.ts';",
      'import {\n  b,\n  c,\n} from "../server/b.ts";',
      "import type { D } from '../worker/d.ts';",
      "export { e } from './e.ts';",
      "import './side-effect.ts';",
      "const f = await import('../client/f.ts');",
      "import { z } from 'zod';",
      "/**\n * const g = await import('../server/g.ts');\n */",
      "// import { h } from '../server/h.ts';",
    ].join('\n');
    expect(importsOf('src/render/x.ts', text)).toEqual([
      'src/client/f.ts',
      'src/render/e.ts',
      'src/render/side-effect.ts',
      'src/server/b.ts',
      'src/shared/a.ts',
      'src/worker/d.ts',
    ]);
  });

  it('src/render/ imports only src/shared/, its own files and packages', () => {
    expect(sourcesUnder('src/render').length).toBeGreaterThan(5);
    expect(importsInto('src/render', ['src/server/', 'src/worker/', 'src/client/'])).toEqual([]);
  });

  it('src/shared/ imports nothing from src/server/, src/worker/, src/render/ or src/client/', () => {
    expect(importsInto('src/shared', ['src/server/', 'src/worker/', 'src/render/', 'src/client/'])).toEqual(
      [],
    );
  });

  it('src/server/ imports nothing from src/worker/ (the worker process imports the server, never back)', () => {
    expect(importsInto('src/server', ['src/worker/'])).toEqual([]);
  });

  it(`no import cycle passes through the domain registry (${REGISTRY})`, () => {
    // Walk everything the registry reaches; a path back to it is a cycle.
    const back: string[] = [];
    const seen = new Set<string>();
    const stack: { file: string; via: string[] }[] = [{ file: REGISTRY, via: [REGISTRY] }];
    while (stack.length) {
      const { file, via } = stack.pop()!;
      for (const target of importsOf(file, read(file))) {
        if (target === REGISTRY) back.push([...via, target].join(' → '));
        if (seen.has(target) || !/\.tsx?$/.test(target)) continue;
        seen.add(target);
        stack.push({ file: target, via: [...via, target] });
      }
    }
    expect(seen.size).toBeGreaterThan(100);
    expect(back).toEqual([]);
  });
});
