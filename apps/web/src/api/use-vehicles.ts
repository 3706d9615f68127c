import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IDEMPOTENCY_HEADER,
  type TCar,
  type TCarSave,
  type TLogBookSummary,
  type TMessage,
  type TTrip,
  type TTripSave,
} from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiGet, apiPost, apiRequest } from './api-client';
import { queueTrip } from './offline/outbox';
import { sendOrKeep } from './offline/send-or-keep';
import { downloadFile } from './download';
import { vehicleKeys } from './query-keys';

/** Cars and the travel log book (docs/vehicles.md). */

const base = (cid: string | null) => `/companies/${encodeURIComponent(cid ?? '')}`;

/** The log book's filters: a tax year (starting 1 March of it), a car and a driver. */
export interface LogBookFilter {
  year: number;
  carId: string | null;
  driverId: string | null;
}

const filterQuery = (f: LogBookFilter) => {
  const q = new URLSearchParams({ year: String(f.year) });
  if (f.carId) q.set('carId', f.carId);
  if (f.driverId) q.set('driverId', f.driverId);
  return q.toString();
};

export function useCars() {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: vehicleKeys.cars(companyId),
    queryFn: () => apiGet<TCar[]>(`${base(companyId)}/cars`),
    enabled: !!companyId,
  });
}

/** The tax year's trips, newest first. */
export function useTrips(f: LogBookFilter) {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: vehicleKeys.trips(companyId, f),
    queryFn: () => apiGet<TTrip[]>(`${base(companyId)}/logBook?${filterQuery(f)}`),
    enabled: !!companyId,
  });
}

/** Each car's figures for the tax year (of the chosen car, when one is). */
export function useLogBookSummary(f: LogBookFilter) {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: vehicleKeys.summary(companyId, f),
    queryFn: () => apiGet<TLogBookSummary>(`${base(companyId)}/logBook/summary?${filterQuery(f)}`),
    enabled: !!companyId,
  });
}

function useVehiclesMutation<A, R>(fn: (cid: string | null, arg: A) => Promise<R>) {
  const { companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (arg: A) => fn(companyId, arg),
    // Trips move the cars' last readings and the year's figures: everything reloads.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehicleKeys.all(companyId) }),
  });
}

export const useSaveCar = () =>
  useVehiclesMutation((cid, car: TCarSave) => apiPost<TCar>(`${base(cid)}/cars`, car));

/**
 * Saves a trip; offline (or when the network fails on the way) it waits on
 * the phone and goes with its Idempotency-Key once online (docs/offline.md).
 */
export function useSaveTrip() {
  const { companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (trip: TTripSave): Promise<TTrip | KeptTrip> =>
      sendOrKeep<TTrip | KeptTrip>(
        null,
        (key) =>
          apiRequest<TTrip>('POST', `${base(companyId)}/logBook`, {
            body: trip,
            headers: { [IDEMPOTENCY_HEADER]: key },
          }),
        (key) => queueTrip(companyId ?? '', trip, key),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehicleKeys.all(companyId) }),
  });
}

/** A trip kept on the phone until it reaches the server. */
export type KeptTrip = Awaited<ReturnType<typeof queueTrip>>;

export const useDeleteTrip = () =>
  useVehiclesMutation((cid, id: string) =>
    apiPost<TMessage>(`${base(cid)}/logBook/${encodeURIComponent(id)}/delete`),
  );

/** The year's log book as CSV (trips, then total rows). */
export function downloadLogBookCsv(companyId: string | null, f: LogBookFilter) {
  return downloadFile(`${base(companyId)}/logBook/export?${filterQuery(f)}`, 'log-book.csv');
}
