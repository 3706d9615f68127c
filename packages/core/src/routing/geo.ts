import type { TLatLng } from '../contracts/clients.js';

/** Mean earth radius (IUGG), metres. */
const EARTH_RADIUS_M = 6_371_008.8;
/** DECISIONS §9: roads are about 1.3 times the straight line... */
export const ROAD_FACTOR = 1.3;
/** ...driven at 40 km/h in town. */
export const ESTIMATE_SPEED_KMH = 40;

const rad = (d: number) => (d * Math.PI) / 180;

/** The great-circle (haversine) distance between two points, in metres. */
export function greatCircleMetres(a: TLatLng, b: TLatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Driving distances (metres) and times (seconds) between every pair of points. */
export interface TravelMatrix {
  distance: number[][];
  duration: number[][];
}

/**
 * The estimate used when no routing engine is configured (DECISIONS §9):
 * great-circle distance x 1.3, driven at 40 km/h; whole metres and seconds.
 */
export function estimateMatrix(points: readonly TLatLng[]): TravelMatrix {
  const metresPerSecond = (ESTIMATE_SPEED_KMH * 1000) / 3600;
  const distance = points.map((a) =>
    points.map((b) => Math.round(greatCircleMetres(a, b) * ROAD_FACTOR)),
  );
  const duration = distance.map((row) => row.map((m) => Math.round(m / metresPerSecond)));
  return { distance, duration };
}
