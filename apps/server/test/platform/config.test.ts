import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

/** Settings refused at start: FIELDBOOK_ROLE and SHUTDOWN_TIMEOUT_MS (docs/deploy.md, "Roles" and "Stopping"), PAYFAST_URL, DATABASE_LANES. */
const PG = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/fb' };

describe('FIELDBOOK_ROLE', () => {
  it('is both when unset or empty', () => {
    expect(loadConfig({}).role).toBe('both');
    expect(loadConfig({ FIELDBOOK_ROLE: '' }).role).toBe('both');
  });

  it('takes web, worker and both on PostgreSQL, in any case and with spaces around', () => {
    expect(loadConfig({ ...PG, FIELDBOOK_ROLE: 'web' }).role).toBe('web');
    expect(loadConfig({ ...PG, FIELDBOOK_ROLE: ' Worker ' }).role).toBe('worker');
    expect(loadConfig({ ...PG, FIELDBOOK_ROLE: 'BOTH' }).role).toBe('both');
    expect(loadConfig({ FIELDBOOK_ROLE: 'both' }).role).toBe('both');
  });

  it('refuses anything else, naming the setting, the choices and the value', () => {
    for (const bad of ['api', 'workers', 'web,worker', '1'])
      expect(() => loadConfig({ ...PG, FIELDBOOK_ROLE: bad })).toThrow(
        `FIELDBOOK_ROLE is not one of web, worker, both: ${bad}`,
      );
  });

  it('refuses web or worker on the embedded database, which serves one process', () => {
    for (const role of ['web', 'worker'])
      expect(() => loadConfig({ FIELDBOOK_ROLE: role })).toThrow(
        `FIELDBOOK_ROLE=${role} needs DATABASE_URL (PostgreSQL)`,
      );
  });
});

describe('SHUTDOWN_TIMEOUT_MS', () => {
  it('is 25 s by default and takes a positive whole number', () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(25_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '5000' }).shutdownTimeoutMs).toBe(5000);
  });

  it('refuses anything else', () => {
    for (const bad of ['0', '-1', '2.5', 'soon'])
      expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: bad })).toThrow(
        `SHUTDOWN_TIMEOUT_MS is not a positive whole number: ${bad}`,
      );
  });
});

describe('PAYFAST_URL', () => {
  it('takes an http or https address, without its last slash', () => {
    expect(loadConfig({ PAYFAST_URL: 'https://sandbox.payfast.co.za/' }).payfastUrl).toBe(
      'https://sandbox.payfast.co.za',
    );
    expect(loadConfig({}).payfastUrl).toBeNull();
  });

  it('refuses anything else at start, naming the setting and the value', () => {
    // Before, a bad address failed every answer with a 500 (the security headers read it).
    for (const bad of ['sandbox.payfast.co.za', 'ftp://payfast.co.za', 'http://', 'javascript:x'])
      expect(() => loadConfig({ PAYFAST_URL: bad })).toThrow(
        `PAYFAST_URL is not an http:// or https:// address: ${bad}`,
      );
  });
});

describe('DATABASE_LANES', () => {
  it('is 2 by default and takes a whole number from 0 (off) to 8', () => {
    expect(loadConfig({}).databaseLanes).toBe(2);
    expect(loadConfig({ ...PG, DATABASE_LANES: '' }).databaseLanes).toBe(2);
    expect(loadConfig({ ...PG, DATABASE_LANES: '0' }).databaseLanes).toBe(0);
    expect(loadConfig({ ...PG, DATABASE_LANES: '8' }).databaseLanes).toBe(8);
  });

  it('refuses anything else, naming the setting and the value', () => {
    for (const bad of ['9', '-1', '1.5', 'two'])
      expect(() => loadConfig({ ...PG, DATABASE_LANES: bad })).toThrow(
        `DATABASE_LANES is not a whole number from 0 to 8: ${bad}`,
      );
  });
});
