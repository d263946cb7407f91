import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

/** The React client: sources in src/client, built into dist/client (served by the server on port 3000). */
export default defineConfig(({ command, mode }) => {
  // A production build must bundle React's production code even when run from a test process
  // (vitest sets NODE_ENV=test, which would otherwise ship the development builds).
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    root: path.resolve(here, 'src/client'),
    publicDir: path.resolve(here, 'src/client/public'),
    plugins: [react(), tailwindcss()],
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
