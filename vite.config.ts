import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

/** Files of the built client the service worker never precaches. */
const NOT_PRECACHED = /(^|\/)sw\.js$|\.map$|^usageTerms\.txt$/;

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

/**
 * Builds src/client/sw.ts into `<outDir>/sw.js` once the client is written (issue 20): Workbox's
 * precaching and routing bundled by esbuild, with `self.__WB_MANIFEST` replaced by every built file
 * (index.html, hashed assets, public files) and a revision from its content, so a new build updates
 * exactly the files that changed. The build only: `npm run dev` runs without a service worker.
 */
function serviceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'equipcheck-service-worker',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
    },
    async closeBundle() {
      const entries = filesUnder(outDir)
        .filter((f) => !NOT_PRECACHED.test(f))
        .sort()
        .map((f) => ({
          url: `/${f}`,
          revision: createHash('sha256')
            .update(readFileSync(path.join(outDir, f)))
            .digest('hex')
            .slice(0, 16),
        }));
      const esbuild = await import('esbuild');
      await esbuild.build({
        entryPoints: [path.resolve(here, 'src/client/sw.ts')],
        outfile: path.join(outDir, 'sw.js'),
        bundle: true,
        format: 'iife',
        target: 'es2020',
        minify: true,
        legalComments: 'none',
        logLevel: 'warning',
        define: {
          'self.__WB_MANIFEST': JSON.stringify(entries),
          'process.env.NODE_ENV': '"production"',
        },
      });
    },
  };
}

/** The React client: sources in src/client, built into dist/client (served by the server on port 3000). */
export default defineConfig(({ command, mode }) => {
  // A production build must bundle React's production code even when run from a test process
  // (vitest sets NODE_ENV=test, which would otherwise ship the development builds).
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    root: path.resolve(here, 'src/client'),
    publicDir: path.resolve(here, 'src/client/public'),
    plugins: [react(), tailwindcss(), serviceWorker()],
    build: {
      outDir: path.resolve(here, 'dist/client'),
      emptyOutDir: true,
      sourcemap: false,
      chunkSizeWarningLimit: 700,
    },
    server: {
      port: 5173,
      proxy: {
        '/trpc': { target: apiTarget, changeOrigin: true },
        '/web': { target: apiTarget, changeOrigin: true },
        '/health': { target: apiTarget, changeOrigin: true },
        '/admin': { target: apiTarget, changeOrigin: true },
      },
    },
  };
});
