/// <reference lib="webworker" />
/**
 * The service worker (issue 20 item 1), compiled into dist/client/sw.js by the `serviceWorker`
 * plugin of vite.config.ts, which replaces `self.__WB_MANIFEST` with the built files and their
 * revisions. Workbox precaches the app shell — index.html, every hashed script and style, the
 * manifest, icons and public images — and answers any navigation with the cached index.html, so
 * the app opens without signal (its routes live after `#`).
 *
 * Nothing else is cached here: API answers (/trpc, /web) are authenticated and always go to the
 * network. The offline working set and the records waiting to be sent live in IndexedDB, written
 * by the page (src/client/features/field/offline/).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: { url: string; revision: string | null }[];
};

// A new version takes over at once (the page never keeps an old shell around across a reload).
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/**
 * Server paths a navigation may open directly (downloads, the API, the jobs board, the sandbox
 * provider's bill pages of issue 17 — a bill opened in a new tab must reach the server, not the
 * cached shell).
 */
const SERVER_PATHS = [/^\/trpc\//, /^\/web\//, /^\/admin(\/|$)/, /^\/billing\//, /^\/health$/, /^\/ready$/];
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS }));
