import { odometerNow, type TCar, type TTrip } from '@fieldbook/core';
import type { CarRow, findTrip } from './vehicles.repo.js';

export function presentCar(c: CarRow, lastOdometer: number | undefined): TCar {
  return {
    _id: c.id,
    registration: c.registration,
    make: c.make,
    model: c.model,
    openingOdometer: c.openingOdometer,
    year: c.year,
    active: c.active,
    lastOdometer: odometerNow(c.openingOdometer, [lastOdometer]),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export function presentTrip(t: NonNullable<Awaited<ReturnType<typeof findTrip>>>): TTrip {
  return {
    _id: t.id,
    date: t.date,
    carId: t.carId,
    registration: t.registration,
    driverId: t.driverId,
    driverName: [t.driverFirst, t.driverLast].filter(Boolean).join(' '),
    from: t.from,
    to: t.to,
    openingOdometer: t.openingOdometer,
    closingOdometer: t.closingOdometer,
    kilometres: t.kilometres,
    business: t.business,
    reason: t.reason,
    jobId: t.jobId,
    updatedAt: t.updatedAt.toISOString(),
  };
}
