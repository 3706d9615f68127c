// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { boardKeys, invoiceKeys, jobKeys, queryKeys, vehicleKeys } from '../query-keys';
import { keptOffline } from './query-persist';

describe('keptOffline', () => {
  it("keeps what the technician's screens need without a network", () => {
    for (const key of [
      queryKeys.companies,
      queryKeys.profile,
      queryKeys.company('c1'),
      jobKeys.types('c1'),
      jobKeys.one('c1', 'j1'),
      jobKeys.commentPage('c1', 'j1', false),
      boardKeys.active('c1'),
      vehicleKeys.cars('c1'),
    ])
      expect(keptOffline(key), JSON.stringify(key)).toBe(true);
  });

  it('keeps neither the pack itself nor the office screens', () => {
    for (const key of [jobKeys.offlinePack('c1'), invoiceKeys.all('c1'), queryKeys.outbox])
      expect(keptOffline(key), JSON.stringify(key)).toBe(false);
  });
});
