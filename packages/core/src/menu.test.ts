import { describe, expect, it } from 'vitest';
import { allRights, type MemberAccess } from './access.js';
import { buildMenu } from './menu.js';

const labels = (m: ReturnType<typeof buildMenu>) =>
  m.map((c) => `${c.label}: ${c.items.map((i) => i.label).join(', ')}`);

const owner: MemberAccess = { isOwner: true, disabled: false, rights: null };

describe('buildMenu', () => {
  it('shows only the Dashboard to a member without rights', () => {
    const m = buildMenu({}, { isOwner: false, disabled: false, rights: null });
    expect(labels(m)).toEqual(['Main: Dashboard']);
  });

  it('shows the Dashboard when no company is selected', () => {
    expect(labels(buildMenu({ rank: null }, null))).toEqual(['Main: Dashboard']);
  });

  it('shows every entry to the owner except Appointment Settings without rank super', () => {
    expect(labels(buildMenu({}, owner))).toEqual([
      'Main: Dashboard, Calendar',
      'Finance: Invoices, Expenses, Accounting',
      'Contacts: Clients, Suppliers',
      'Management: Incidents',
      'Settings: Invoice Templates, Statement Templates, Document Templates',
    ]);
  });

  it('shows the template entries to a member with the settings update flag only', () => {
    const rights = allRights(false);
    rights.settings.u = true;
    const m = buildMenu({}, { isOwner: false, disabled: false, rights });
    expect(labels(m)).toEqual([
      'Main: Dashboard',
      'Settings: Invoice Templates, Statement Templates, Document Templates',
    ]);
  });

  it('hides the template entries from a member who may only read settings', () => {
    const rights = allRights(false);
    rights.settings.r = true;
    const m = buildMenu({}, { isOwner: false, disabled: false, rights });
    expect(labels(m)).toEqual(['Main: Dashboard']);
  });

  it('adds the four settings entries for rank super', () => {
    const settings = buildMenu({ rank: 'super' }, null).find((c) => c.label === 'Settings');
    expect(settings?.items.map((i) => i.path)).toEqual([
      '/invoiceTemplates',
      '/statementTemplates',
      '/templates',
      '/diagram',
    ]);
  });

  it('follows the create flag for finance and contacts, and read for the calendar', () => {
    const rights = allRights(true);
    rights.invoices.c = false;
    rights.appointments.r = false;
    rights.clients.c = false;
    rights.settings.u = false;
    const m = buildMenu({}, { isOwner: false, disabled: false, rights });
    expect(labels(m)).toEqual(['Main: Dashboard', 'Finance: Expenses']);
  });

  it('sends Calendar to the status board', () => {
    const main = buildMenu({}, owner)[0];
    expect(main?.items[1]).toEqual({ label: 'Calendar', path: '/statuses' });
  });
});
