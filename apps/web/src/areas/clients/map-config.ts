/**
 * Map services in one place (DECISIONS §10: Leaflet, OpenStreetMap tiles,
 * Nominatim search). Change these two URLs to use other providers.
 */
export const TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
export const NOMINATIM_URL = 'https://nominatim.openstreetmap.org/search';

/** Spec §9: a fixed Cape Town centre, zoom 8 by default, zoom 15 after a place search. */
export const DEFAULT_CENTER = { lat: -33.9249, lng: 18.4241 };
export const DEFAULT_ZOOM = 8;
export const SEARCH_ZOOM = 15;

export interface PlaceHit {
  lat: number;
  lng: number;
  name: string;
}

/** The first Nominatim hit for `query`, or null when there is none; throws when the service fails. */
export async function searchPlace(query: string, signal?: AbortSignal): Promise<PlaceHit | null> {
  const url = `${NOMINATIM_URL}?format=json&limit=1&q=${encodeURIComponent(query)}`;
  const res = await fetch(url, { signal, headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`The place search answered ${res.status}`);
  const hits = (await res.json()) as { lat: string; lon: string; display_name: string }[];
  const hit = hits[0];
  if (!hit) return null;
  const lat = Number(hit.lat);
  const lng = Number(hit.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return { lat, lng, name: hit.display_name };
}
