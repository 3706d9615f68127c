import { DEFAULT_TIME_ZONE, ZAppointmentSave, instantOfWallTime, todayIn } from '@fieldbook/core';
import { createJobsService } from '../areas/jobs/jobs.service.js';
import { systemCaller } from '../platform/access.js';
import type { AppDeps } from '../platform/deps.js';
import type { DemoRef } from './demo-finance.js';

/**
 * Today's round of the demo technician: eight visits across Cape Town booked
 * in the order the calls came in (so the route planner has a day worth
 * ordering), one of them at a client whose address was never placed on the
 * map (the planner flags it).
 */
const VISITS: [client: string, fault: string, priority: string][] = [
  ['Johan Botha', 'Geyser leaking through the ceiling', 'High'],
  ['Sea Point Medical Centre', 'Hot water tap in consulting room 2 runs cold', 'Medium'],
  ['Lungile Zulu', 'Outside light trips the earth leakage', 'Medium'],
  ['Mzansi Coffee Roasters', 'Install a new plug point for the roaster', 'Low'],
  ['Ayesha Patel', 'Blocked kitchen drain', 'High'],
  ['Khanyisa Guest House', 'Pool pump motor hums but will not start', 'Critical'],
  ['Chantelle Adams', 'Replace the bathroom mixer', 'Low'],
  ['Pieter van der Merwe', 'Burst pipe under the sink', 'Critical'],
];

export async function seedDemoJobs(
  deps: AppDeps,
  companyId: string,
  ownerId: string,
  technicianId: string,
  refs: { clients: DemoRef[] },
) {
  const jobs = createJobsService(deps);
  const today = todayIn(DEFAULT_TIME_ZONE);
  const at = (hour: number) =>
    instantOfWallTime(`${today}T${String(hour).padStart(2, '0')}:00`, DEFAULT_TIME_ZONE)!;
  let hour = 8;
  for (const [client, fault, priority] of VISITS) {
    const entityId = refs.clients.find((c) => c.name === client)!.id;
    await jobs.save(
      companyId,
      systemCaller(companyId, ownerId),
      ZAppointmentSave.parse({
        startDate: at(hour),
        endDate: at(hour + 1),
        isAllDayEvent: false,
        hasSchedule: true,
        userId: technicianId,
        entityId,
        faultDescription: fault,
        priority,
      }),
    );
    hour += 1;
  }
}
