import { describe, expect, it } from 'vitest';
import { notificationKindsFor, wantsNotificationEmail } from './notifications.js';

describe('notifications', () => {
  it('shows a kind only to members who may read its area', () => {
    expect(notificationKindsFor({ isOwner: true, disabled: false, rights: null })).toEqual([
      'jobStatus',
      'quoteAnswer',
    ]);
    const jobs = { appointments: { r: true } };
    expect(notificationKindsFor({ isOwner: false, disabled: false, rights: jobs })).toEqual([
      'jobStatus',
    ]);
    // Quote answers need invoices r; appointments u without r shows no job's status.
    const invoices = { invoices: { r: true }, appointments: { u: true } };
    expect(notificationKindsFor({ isOwner: false, disabled: false, rights: invoices })).toEqual([
      'quoteAnswer',
    ]);
    const clerk = { invoices: { c: true }, clients: { r: true } };
    expect(notificationKindsFor({ isOwner: false, disabled: false, rights: clerk })).toEqual([]);
    expect(notificationKindsFor({ isOwner: false, disabled: true, rights: jobs })).toEqual([]);
    expect(notificationKindsFor(null)).toEqual([]);
  });

  it('sends the e-mail unless the member switched it off', () => {
    expect(wantsNotificationEmail({}, 'jobStatus')).toBe(true);
    expect(wantsNotificationEmail({ jobStatus: true }, 'jobStatus')).toBe(true);
    expect(wantsNotificationEmail({ jobStatus: false }, 'jobStatus')).toBe(false);
  });
});
