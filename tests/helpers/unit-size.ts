import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAst } from 'rolldown/parseAst';

/**
 * Sizes of the source units (issue 27 item 5): lines of each file and of each function, read with
 * the oxc parser that rolldown (Vite's bundler) ships — TypeScript 7 has no JS API, and oxc
 * parses TS and TSX exactly, so strings, templates, regexes, comments and JSX cannot fool a count.
 *
 * - A file's size is its lines less the lines of its **data tables**: a top-level `const` whose
 *   value is an array or object literal holding no function (e.g. the built-in QR label templates,
 *   the seed's place names, the font's glyph tables). Data is read, not followed; it grows with
 *   the product's content, not its logic.
 * - **i18n bundles** (`i18n.ts`, `*-i18n.ts`, `src/client/i18n/{pt,en,es}.ts`) are not measured.
 * - A function is every declaration, function expression, arrow function, method, accessor and
 *   function component; its size is the lines from its first to its last line (nested functions
 *   included, and measured on their own too). Its name is the chain of enclosing names
 *   (`Dialog>onSubmit`); an unnamed callback is `(anonymous)`, repeated names get `#2`, `#3`.
 */

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface FileSize {
  file: string;
  lines: number;
  dataLines: number;
  functions: { name: string; lines: number }[];
}

export function isI18nBundle(file: string): boolean {
  const base = path.posix.basename(file);
  return base === 'i18n.ts' || base.endsWith('-i18n.ts') || /^src\/client\/i18n\/(pt|en|es)\.ts$/.test(file);
}

export function sourceFiles(root = ROOT, under = 'src'): string[] {
  return readdirSync(path.join(root, under), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (v: unknown): v is Node =>
  typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

function keyName(key: unknown): string | undefined {
  if (!isNode(key)) return undefined;
  if (key.type === 'Identifier' || key.type === 'PrivateIdentifier') return String(key.name);
  if (key.type === 'Literal') return String(key.value);
  return undefined;
}

/** An expression's literal data (arrays, objects, strings, numbers, `as const`…), no function inside. */
function isDataLiteral(node: unknown): boolean {
  if (!isNode(node)) return false;
  let n: Node = node;
  while (
    n.type === 'TSAsExpression' ||
    n.type === 'TSSatisfiesExpression' ||
    n.type === 'ParenthesizedExpression'
  )
    n = n.expression as Node;
  if (n.type !== 'ArrayExpression' && n.type !== 'ObjectExpression') return false;
  let hasFunction = false;
  const visit = (v: unknown): void => {
    if (hasFunction) return;
    if (Array.isArray(v)) v.forEach(visit);
    else if (isNode(v)) {
      if (FUNCTION_TYPES.has(v.type) || (v.type === 'Property' && v.method)) hasFunction = true;
      else for (const [k, c] of Object.entries(v)) if (k !== 'type') visit(c);
    }
  };
  visit(n);
  return !hasFunction;
}

export function measureSource(file: string, text: string): FileSize {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  // oxc gives UTF-16 offsets (JS string indices).
  const lineOf = (offset: number): number => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const lines = text.endsWith('\n') ? lineStarts.length - 1 : lineStarts.length;
  const program = parseAst(text, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' }, file) as unknown as Node;

  let dataLines = 0;
  for (const statement of program.body as Node[]) {
    const decl =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (decl?.type !== 'VariableDeclaration' || decl.kind !== 'const') continue;
    for (const d of decl.declarations as Node[])
      if (isDataLiteral(d.init))
        dataLines += lineOf((d.init as Node).end - 1) - lineOf((d.init as Node).start) + 1;
  }

  const functions: FileSize['functions'] = [];
  const seen = new Map<string, number>();
  const walk = (node: Node, names: string[], hint: string | undefined): void => {
    let inner = names;
    if (FUNCTION_TYPES.has(node.type)) {
      const own = keyName(node.id) ?? hint ?? '(anonymous)';
      let name = [...names, own].join('>');
      const n = (seen.get(name) ?? 0) + 1;
      seen.set(name, n);
      if (n > 1) name += `#${n}`;
      functions.push({ name, lines: lineOf(node.end - 1) - lineOf(node.start) + 1 });
      inner = [...names, n > 1 ? `${own}#${n}` : own];
    } else if (node.type === 'ClassDeclaration' || node.type === 'ClassExpression') {
      inner = [...names, keyName(node.id) ?? hint ?? '(class)'];
    }
    for (const [k, v] of Object.entries(node)) {
      if (k === 'type') continue;
      const childHint = hintFor(node, k);
      if (Array.isArray(v)) for (const c of v) isNode(c) && walk(c, inner, childHint);
      else if (isNode(v)) walk(v, inner, childHint);
    }
  };
  walk(program, [], undefined);
  return { file, lines, dataLines, functions };
}

/** The name a function gets from where it stands (`const X = () => …`, `{ m() {} }`, `a.b = function`). */
function hintFor(parent: Node, key: string): string | undefined {
  switch (parent.type) {
    case 'VariableDeclarator':
      return key === 'init' ? keyName(parent.id) : undefined;
    case 'Property':
    case 'MethodDefinition':
    case 'PropertyDefinition':
      return key === 'value' ? keyName(parent.key) : undefined;
    case 'AssignmentExpression': {
      const left = parent.left as Node;
      if (key !== 'right') return undefined;
      return left.type === 'MemberExpression' ? keyName(left.property) : keyName(left);
    }
    case 'ExportDefaultDeclaration':
      return 'default';
    default:
      return undefined;
  }
}

export function measure(file: string, root = ROOT): FileSize {
  return measureSource(file, readFileSync(path.join(root, file), 'utf8'));
}

export function measureAll(root = ROOT): FileSize[] {
  return sourceFiles(root)
    .filter((f) => !isI18nBundle(f))
    .map((f) => measure(f, root));
}
