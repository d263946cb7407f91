import './lib/zod-csp.ts';
import './styles.css';
import './i18n/index.ts';
import './components/form/zod-messages.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from './components/ui/sonner.tsx';
import { OfflineSync } from './features/field/offline/banner.tsx';
import { registerServiceWorker } from './lib/pwa.ts';
import { SessionProvider } from './lib/session.tsx';
import { queryClient, setUnauthenticatedHandler, TRPCProvider, trpcClient } from './lib/trpc.ts';
import { router } from './routes/router.tsx';

setUnauthenticatedHandler(() => {
  if (router.state.location.pathname !== '/logout') void router.navigate({ to: '/logout' });
});

registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <SessionProvider>
          <OfflineSync />
          <RouterProvider router={router} />
          <Toaster />
        </SessionProvider>
      </TRPCProvider>
    </QueryClientProvider>
  </StrictMode>,
);
