/**
 * The map of an inspection's recorded location (seed 001 "Equipment dialog"): Leaflet, loaded on
 * demand (./leaflet-map.ts), with the tiles of MAP_TILE_URL and their attribution, and a marker at
 * the location. Nothing is fetched until the map scrolls into view. When the tiles cannot be
 * loaded (offline, blocked, the tile server down) or Leaflet itself fails, the map gives way to the
 * coordinates text shown under it: the container stays, empty and hidden, with
 * `data-state="failed"`.
 */
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { usePublicConfig } from '../../lib/public-config.ts';
import { cn } from '../../lib/utils.ts';
import { EQUIPMENT_NS } from './i18n.ts';
import type { MountedMap } from './leaflet-map.ts';

type MapState = 'waiting' | 'loading' | 'ready' | 'failed';

/** True once `ref`'s element has come near the viewport (then stays true). */
function useSeen(ref: React.RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = React.useState(false);
  React.useEffect(() => {
    const el = ref.current;
    if (!el || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), {
      rootMargin: '200px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, [ref, seen]);
  return seen;
}

export function InspectionMap({
  latitude,
  longitude,
  accuracy,
  coordinates,
}: {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  /** the coordinates as the text under the map shows them */
  coordinates: string;
}) {
  const { t } = useTranslation(EQUIPMENT_NS);
  const config = usePublicConfig();
  const box = React.useRef<HTMLDivElement>(null);
  const canvas = React.useRef<HTMLElement>(null);
  const seen = useSeen(box);
  const [state, setState] = React.useState<MapState>('waiting');
  const markerLabel = t('location.marker', { coordinates });

  const failed = state === 'failed' || config.isError;
  const tileUrl = config.data?.mapTileUrl;
  const attribution = config.data?.mapAttribution ?? '';
  React.useEffect(() => {
    const el = canvas.current;
    if (!seen || !tileUrl || !el) return;
    let map: MountedMap | null = null;
    let cancelled = false;
    const observer = new ResizeObserver(() => map?.resize());
    setState('loading');
    import('./leaflet-map.ts')
      .then(({ mountMap }) => {
        if (cancelled) return;
        map = mountMap(el, {
          latitude,
          longitude,
          accuracy,
          tileUrl,
          attribution,
          markerLabel,
          onReady: () => !cancelled && setState('ready'),
          onFail: () => {
            if (cancelled) return;
            map?.destroy();
            map = null;
            setState('failed');
          },
        });
        observer.observe(el);
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      observer.disconnect();
      map?.destroy();
    };
  }, [seen, tileUrl, attribution, latitude, longitude, accuracy, markerLabel]);

  return (
    <div
      ref={box}
      // `isolate`: Leaflet's panes and controls stack inside the map, never over the dialog.
      className={cn(
        'relative isolate mb-2 h-48 overflow-hidden rounded-lg border bg-muted',
        failed && 'hidden',
      )}
      data-testid="inspection-map"
      data-state={failed ? 'failed' : state}
      hidden={failed}
    >
      {/* Leaflet owns this element; React never renders into it. */}
      <section
        ref={canvas}
        className="absolute inset-0 z-0"
        aria-label={t('location.map')}
        data-testid="inspection-map-canvas"
      />
      {state !== 'ready' && !failed && (
        <div className="pointer-events-none absolute inset-0 z-[500]" role="status">
          <Skeleton className="size-full rounded-none" />
          <span className="sr-only">{t('location.mapLoading')}</span>
        </div>
      )}
    </div>
  );
}
