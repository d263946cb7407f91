/**
 * Registers the service worker (src/client/sw.ts, built into /sw.js) that makes the app installable
 * and opens it without signal (issue 20). Production builds only: `npm run dev` serves modules
 * Vite rewrites on the fly, which a precache would only get in the way of.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => {
      console.warn('[pwa] service worker not registered', err);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
