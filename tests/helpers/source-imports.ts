/**
 * Reading the import graph from the sources, for the tests that keep its direction
 * (unit/layer-imports.test.ts, unit/domain-order.test.ts). Every import counts: static, multi-line,
 * `import type`, `export … from`, side-effect only and lazy `import()`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

const IMPORT_PATTERNS = [
  /\bfrom\s*['"]([^'"]+)['"]/g, // import … from '…', import type … from '…', export … from '…'
  /^\s*import\s*['"]([^'"]+)['"]/gm, // import '…' (side effect only)
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, // lazy import('…')
];

/** The .ts/.tsx files under a repository folder, as sorted repository paths. */
export function sourcesUnder(rel: string): string[] {
  return readdirSync(path.join(ROOT, rel), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** A repository file's text. */
export const readSource = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The relative specifiers of a source, resolved to repository paths (packages left out). */
export function importsOf(file: string, text: string = readSource(file)): string[] {
  // Comments may quote imports (a JSDoc example): drop whole-line and block comments first.
  const code = text.replace(/^\s*\/\*[\s\S]*?\*\//gm, '').replace(/^\s*\/\/.*$/gm, '');
  const targets = new Set<string>();
  for (const pattern of IMPORT_PATTERNS)
    for (const m of code.matchAll(pattern)) {
      const spec = m[1]!;
      if (!spec.startsWith('.')) continue;
      targets.add(path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)));
    }
  return [...targets].sort();
}
