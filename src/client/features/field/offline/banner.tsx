/**
 * The React side of working without signal (issue 20), in the main bundle: `useOffline()` reads the
 * engine (./engine.ts), `<OfflineSync />` (in main.tsx) hands it the signed-in user, and
 * `<OfflineBanner />` (under the top bar) says when the phone is offline and how many records wait
 * or were refused, with "Enviar agora" and a link to the queue (/offline).
 */
import { Link } from '@tanstack/react-router';
import { CloudUpload, LoaderCircle, TriangleAlert, WifiOff } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useSession } from '../../../lib/session.tsx';
import { cn } from '../../../lib/utils.ts';
import { getState, type OfflineState, setUser, subscribe, syncNow } from './engine.ts';
import { OFFLINE_NS } from './i18n.ts';

export function useOffline(): OfflineState {
  return React.useSyncExternalStore(subscribe, getState, getState);
}

/** Hands the signed-in user (or null) to the offline engine. Renders nothing. */
export function OfflineSync(): null {
  const { user, role } = useSession();
  const id = user?.id ?? null;
  const companyId = user?.companyId ?? null;
  const userRole = role === null || role === 'ANONYMOUS' ? null : role;
  React.useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    setUser(id === null ? null : { id, companyId, role: userRole }).catch((err: unknown) => {
      console.warn('[offline] storage unavailable', err);
    });
  }, [id, companyId, userRole]);
  return null;
}

export function OfflineBanner() {
  const { t } = useTranslation(OFFLINE_NS);
  const s = useOffline();
  const { waiting, refused } = s.counts;
  if (s.online && waiting === 0 && refused === 0) return null;
  const tone = !s.online
    ? 'border-foreground/20 bg-foreground text-background'
    : refused > 0
      ? 'border-destructive/30 bg-destructive/8 text-destructive'
      : 'border-secondary/40 bg-secondary-soft text-foreground';
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('border-b px-4 py-2 text-sm sm:px-6', tone)}
      data-testid="offline-banner"
      data-online={s.online ? 'true' : 'false'}
      data-waiting={waiting}
      data-refused={refused}
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1">
        {!s.online ? (
          <WifiOff className="size-4 shrink-0" aria-hidden />
        ) : refused > 0 ? (
          <TriangleAlert className="size-4 shrink-0" aria-hidden />
        ) : (
          <CloudUpload className="size-4 shrink-0" aria-hidden />
        )}
        {!s.online && <span className="font-semibold">{t('banner.offline')}</span>}
        {waiting > 0 && (
          <span className="font-medium" data-testid="offline-banner-waiting">
            {t('banner.waiting', { count: waiting })}
          </span>
        )}
        {refused > 0 && (
          <span className="font-medium" data-testid="offline-banner-refused">
            {t('banner.refused', { count: refused })}
          </span>
        )}
        {!s.online && waiting === 0 && refused === 0 && (
          <span className="opacity-80">{t('banner.offlineHint')}</span>
        )}
        {s.online && s.stoppedBy === 'signedOut' && <span>{t('banner.signedOut')}</span>}
        <span className="ml-auto flex items-center gap-2">
          {s.online && waiting > 0 && (
            <Button
              size="sm"
              variant="outline"
              className="h-8"
              onClick={() => void syncNow()}
              disabled={s.syncing}
              data-testid="offline-banner-send"
            >
              {s.syncing && <LoaderCircle className="animate-spin" aria-hidden />}
              {s.syncing ? t('banner.sending') : t('banner.sendNow')}
            </Button>
          )}
          {(waiting > 0 || refused > 0) && (
            <Link
              to="/offline"
              className="font-semibold underline underline-offset-2"
              data-testid="offline-banner-open"
            >
              {t('banner.open')}
            </Link>
          )}
        </span>
      </div>
    </div>
  );
}
