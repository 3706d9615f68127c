import type { TLatLng, TravelMatrix } from '@fieldbook/core';

const TIMEOUT_MS = 10_000;

/** Why a routing engine gave no matrix: a point it cannot reach, or it failed. */
export class RoutingFailure extends Error {
  constructor(
    readonly status: 'ZERO_RESULTS' | 'UNKNOWN_ERROR',
    message: string,
  ) {
    super(message);
  }
}

const square = (m: unknown, n: number): m is (number | null)[][] =>
  Array.isArray(m) &&
  m.length === n &&
  m.every(
    (row) =>
      Array.isArray(row) &&
      row.length === n &&
      row.every((v) => v === null || (typeof v === 'number' && Number.isFinite(v) && v >= 0)),
  );

/**
 * Road distances (metres) and times (seconds) between every pair of points
 * from an OSRM server's table service (DECISIONS §9).
 */
export async function osrmMatrix(
  baseUrl: string,
  points: readonly TLatLng[],
): Promise<TravelMatrix> {
  const coords = points.map((p) => `${p.lng},${p.lat}`).join(';');
  let body: { code?: string; durations?: unknown; distances?: unknown };
  try {
    const res = await fetch(`${baseUrl}/table/v1/driving/${coords}?annotations=duration,distance`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    body = (await res.json()) as typeof body;
  } catch (e) {
    throw new RoutingFailure(
      'UNKNOWN_ERROR',
      `The routing engine did not answer (${(e as Error).message})`,
    );
  }
  const n = points.length;
  if (body.code !== 'Ok' || !square(body.durations, n) || !square(body.distances, n))
    throw new RoutingFailure(
      'UNKNOWN_ERROR',
      `The routing engine answered ${String(body.code ?? 'nothing usable')}`,
    );
  const durations = body.durations;
  const distances = body.distances;
  if ([...durations, ...distances].some((row) => row.some((v) => v === null)))
    throw new RoutingFailure('ZERO_RESULTS', 'A stop cannot be reached by road');
  return { duration: durations as number[][], distance: distances as number[][] };
}
