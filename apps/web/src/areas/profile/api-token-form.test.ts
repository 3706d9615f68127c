import { describe, expect, it } from 'vitest';
import { initialTokenValues, rightsSummary, tokenBody, tokenErrors } from './api-token-form';

describe('the new API token form', () => {
  it('asks for a name and one right before it sends anything', () => {
    const v = initialTokenValues();
    expect(tokenErrors(v)).toEqual({
      name: 'Token name is required',
      rights: 'Give the token at least one right',
    });
    v.name = 'x'.repeat(61);
    v.rights.invoices.r = true;
    expect(tokenErrors(v)).toEqual({ name: 'Token name is at most 60 characters' });
    v.name = '  Xero  ';
    expect(tokenErrors(v)).toEqual({});
  });

  it('sends the name trimmed, the days or null, and only the rights turned on', () => {
    const v = initialTokenValues();
    v.name = '  Xero ';
    v.rights.invoices.r = true;
    v.rights.clients.c = true;
    expect(tokenBody(v)).toEqual({
      name: 'Xero',
      expiresInDays: 30,
      rights: { invoices: { r: true }, clients: { c: true } },
    });
    expect(tokenBody({ ...v, expires: 'never' }).expiresInDays).toBeNull();
    expect(tokenBody({ ...v, expires: '365' }).expiresInDays).toBe(365);
  });

  it('says the rights in words, areas and flags in their order', () => {
    expect(rightsSummary({ clients: { r: true }, invoices: { u: true, r: true, d: false } })).toBe(
      'Invoices: read, update · Clients: read',
    );
    expect(rightsSummary({})).toBe('');
  });
});
