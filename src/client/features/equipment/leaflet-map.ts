/**
 * The Leaflet part of the inspection map, loaded only when a map is shown (`import()` from
 * inspection-map.tsx), so Leaflet and its stylesheet stay out of the main bundle. Tiles come from
 * MAP_TILE_URL (`config.public`); the marker is an HTML pin (no image assets to resolve).
 */
import 'leaflet/dist/leaflet.css';
import * as L from 'leaflet';

export interface MapOptions {
  latitude: number;
  longitude: number;
  /** metres; a circle shows it when it is meaningful at street level */
  accuracy: number | null;
  tileUrl: string;
  /** plain text (escaped here: Leaflet writes attributions as HTML) */
  attribution: string;
  /** the marker's accessible name */
  markerLabel: string;
  /** no tile could be loaded: the caller falls back to the coordinates text */
  onFail(): void;
  onReady(): void;
}

export interface MountedMap {
  /** the container was resized (the dialog's opening animation, the window) */
  resize(): void;
  destroy(): void;
}

/** Without one tile loaded this long, the tiles are taken as unreachable. */
export const TILE_TIMEOUT_MS = 10_000;
const ZOOM = 17;
/** Accuracy circles larger than this would only cover the map. */
const MAX_ACCURACY_CIRCLE_M = 500;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const PIN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">' +
  '<path d="M12 22s7-6.2 7-12a7 7 0 1 0-14 0c0 5.8 7 12 7 12z" fill="#0f4c5c" stroke="#fff" stroke-width="1.5"/>' +
  '<circle cx="12" cy="10" r="2.6" fill="#fff"/></svg>';

export function mountMap(element: HTMLElement, o: MapOptions): MountedMap {
  const at = L.latLng(o.latitude, o.longitude);
  const map = L.map(element, {
    center: at,
    zoom: ZOOM,
    // A dialog scrolls with the wheel; the map zooms with its buttons, the keyboard or a pinch.
    scrollWheelZoom: false,
    attributionControl: false,
  });
  L.control.attribution({ prefix: false }).addAttribution(escapeHtml(o.attribution)).addTo(map);

  let loaded = 0;
  let settled = false;
  const fail = () => {
    if (settled) return;
    settled = true;
    o.onFail();
  };
  const tiles = L.tileLayer(o.tileUrl, { maxZoom: 19 });
  tiles.on('tileload', () => {
    loaded++;
    if (!settled) {
      settled = true;
      o.onReady();
    }
  });
  // One failed tile among loaded ones leaves a grey square; no tile at all is no map.
  tiles.on('tileerror', () => {
    if (loaded === 0) fail();
  });
  tiles.addTo(map);
  const timer = window.setTimeout(() => loaded === 0 && fail(), TILE_TIMEOUT_MS);

  if (o.accuracy !== null && o.accuracy > 0 && o.accuracy <= MAX_ACCURACY_CIRCLE_M)
    L.circle(at, { radius: o.accuracy, weight: 1, color: '#0f4c5c', fillOpacity: 0.08 }).addTo(map);
  L.marker(at, {
    icon: L.divIcon({ html: PIN_SVG, className: '', iconSize: [32, 32], iconAnchor: [16, 30] }),
    title: o.markerLabel,
    alt: o.markerLabel,
    keyboard: true,
  }).addTo(map);

  return {
    resize: () => map.invalidateSize(),
    destroy: () => {
      window.clearTimeout(timer);
      settled = true;
      map.remove();
    },
  };
}
