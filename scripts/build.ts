/**
 * `npm run build`: the client (Vite, into dist/client) and the server side (esbuild, into dist/):
 * every file of src/server, src/worker, src/render, src/shared, scripts and migrations becomes one
 * ES module, `src/<x>/…` → `dist/<x>/…`, `scripts/…` → `dist/scripts/…`, `migrations/…` →
 * `dist/migrations/…`, with a source map beside it (run with `node --enable-source-maps`: stack
 * traces name .ts lines). Files are transpiled one by one, not bundled: relative imports (static
 * and lazy `import()`) are rewritten from `x.ts` to the output's `x.js`, packages stay imports of
 * node_modules, and each module keeps its own `import.meta.url` (the migrator reads
 * dist/migrations at run time; the renderers' fonts are read from src/render/fonts).
 *
 * `--if-stale` (what `npm start` runs) builds only a part whose inputs changed since its last build:
 * a fingerprint of the inputs' contents is kept in dist/.server-build and dist/.client-build.
 * `--server` limits to the server side. Concurrent builds of one checkout wait for each other
 * (a lock directory), so several `npm run start:worker` started at once build once.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

/** Source folders compiled for Node, and where each lands in dist/. */
const SERVER_DIRS: [from: string, to: string][] = [
  ['src/server', 'server'],
  ['src/worker', 'worker'],
  ['src/render', 'render'],
  ['src/shared', 'shared'],
  ['scripts', 'scripts'],
  ['migrations', 'migrations'],
];
/** Development-only scripts that are never run from dist/. */
const SKIP = new Set(['scripts/build.ts', 'scripts/dev.ts', 'scripts/test.ts', 'scripts/pwa-icons.ts']);
const CLIENT_INPUTS = ['src/client', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function walk(rel: string, out: string[] = []): string[] {
  const abs = path.join(root, rel);
  if (!existsSync(abs)) return out;
  if (statSync(abs).isFile()) {
    out.push(rel);
    return out;
  }
  for (const e of readdirSync(abs, { withFileTypes: true })) {
    const child = `${rel}/${e.name}`;
    if (e.isDirectory()) walk(child, out);
    else out.push(child);
  }
  return out;
}

/** The TypeScript files compiled for Node (relative to the repository, `/`-separated). */
export function serverSources(): string[] {
  return SERVER_DIRS.flatMap(([from]) => walk(from))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !SKIP.has(f))
    .sort();
}

/** Where a source file lands: `src/server/main.ts` → `dist/server/main.js` (absolute). */
function outputOf(rel: string): string {
  const dir = SERVER_DIRS.find(([from]) => rel === from || rel.startsWith(`${from}/`));
  if (!dir) throw new Error(`${rel} is outside the compiled folders`);
  return path.join(dist, dir[1], rel.slice(dir[0].length)).replace(/\.ts$/, '.js');
}

function fingerprint(files: string[], extra: string): string {
  const h = createHash('sha256').update(extra);
  for (const f of files) {
    h.update(`\0${f}\0`);
    h.update(readFileSync(path.join(root, f)));
  }
  return h.digest('hex');
}

async function esbuildVersion(): Promise<string> {
  return (await import('esbuild')).version;
}

async function serverFingerprint(): Promise<string> {
  const self = readFileSync(fileURLToPath(import.meta.url), 'utf8');
  return fingerprint([...serverSources(), 'package-lock.json'], `${await esbuildVersion()}\0${self}`);
}

function clientFingerprint(): string {
  return fingerprint(CLIENT_INPUTS.flatMap((p) => walk(p)).sort(), '');
}

const stampOf = (part: 'server' | 'client') => path.join(dist, `.${part}-build`);
const readStamp = (part: 'server' | 'client') => {
  try {
    return readFileSync(stampOf(part), 'utf8').trim();
  } catch {
    return '';
  }
};

/** Compiles the server side into dist/ (previous output of those folders removed first). */
export async function buildServer(): Promise<void> {
  const esbuild = await import('esbuild');
  const sources = serverSources();
  const known = new Set(sources.map((f) => path.join(root, f)));
  for (const [, to] of SERVER_DIRS) rmSync(path.join(dist, to), { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: sources.map((f) => ({ in: f, out: path.relative(dist, outputOf(f)).replace(/\.js$/, '') })),
    outdir: dist,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'relative-imports-to-js',
        setup(b) {
          // Every relative import stays an import, of the compiled sibling file.
          b.onResolve({ filter: /^\.\.?\// }, (args) => {
            if (args.kind === 'entry-point') return undefined;
            const target = path.resolve(args.resolveDir, args.path);
            if (!known.has(target))
              return {
                errors: [{ text: `${args.path} is not a compiled source file (from ${args.importer})` }],
              };
            const from = path.dirname(outputOf(path.relative(root, args.importer).split(path.sep).join('/')));
            let spec = path
              .relative(from, outputOf(path.relative(root, target).split(path.sep).join('/')))
              .split(path.sep)
              .join('/');
            if (!spec.startsWith('.')) spec = `./${spec}`;
            return { path: spec, external: true };
          });
        },
      },
    ],
  });
}

/** Builds the client into dist/client with Vite. */
export function buildClient(): void {
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) throw new Error(`client build failed (exit ${r.status})`);
}

const LOCK = path.join(dist, '.build-lock');

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs `fn` holding the checkout's build lock (another build of it finishes first). */
async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  mkdirSync(dist, { recursive: true });
  for (const until = Date.now() + 10 * 60_000; ; ) {
    try {
      mkdirSync(LOCK);
      writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let owner = Number.NaN;
      try {
        owner = Number(readFileSync(path.join(LOCK, 'pid'), 'utf8'));
      } catch {}
      // A lock left by a build that died is taken over (a lock younger than 2 s may lack its pid yet).
      const age = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if ((Number.isFinite(owner) && owner > 0 && !pidAlive(owner)) || (Number.isNaN(owner) && age > 2000)) {
        rmSync(LOCK, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > until) throw new Error(`another build holds ${LOCK}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

export interface EnsureBuiltOptions {
  server?: boolean;
  client?: boolean;
  /** build even when the fingerprint matches */
  force?: boolean;
  log?: (line: string) => void;
}

/** Builds each asked part that is missing or whose inputs changed; returns the parts built. */
export async function ensureBuilt(opts: EnsureBuiltOptions = {}): Promise<string[]> {
  const { server = true, client = true, force = false, log = console.log } = opts;
  return withLock(async () => {
    const built: string[] = [];
    if (server) {
      const fp = await serverFingerprint();
      if (force || readStamp('server') !== fp || !existsSync(path.join(dist, 'server/main.js'))) {
        const t = performance.now();
        rmSync(stampOf('server'), { force: true });
        await buildServer();
        writeFileSync(stampOf('server'), fp);
        log(`Built the server into dist/ (${Math.round(performance.now() - t)} ms).`);
        built.push('server');
      }
    }
    if (client) {
      const fp = clientFingerprint();
      if (force || readStamp('client') !== fp || !existsSync(path.join(dist, 'client/index.html'))) {
        log('Building the client…');
        rmSync(stampOf('client'), { force: true });
        buildClient();
        writeFileSync(stampOf('client'), fp);
        built.push('client');
      }
    }
    return built;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = new Set(process.argv.slice(2));
  try {
    await ensureBuilt({ force: !args.has('--if-stale'), client: !args.has('--server') });
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
