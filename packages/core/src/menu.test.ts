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

  it('shows every entry to the owner, Appointment Settings included (DECISIONS §12)', () => {
    expect(labels(buildMenu({}, owner))).toEqual([
      'Main: Dashboard, Calendar',
      'Finance: Invoices, Credit notes, Price list, Expenses, Accounting, Log book',
      'Contacts: Clients, Client types, Suppliers',
      'Management: Incidents, Import',
      'Settings: Invoice Templates, Statement Templates, Document Templates, Appointment Settings, Webhooks',
    ]);
  });

  it('shows the template entries and Appointment Settings to a member with settings u only', () => {
    const rights = allRights(false);
    rights.settings.u = true;
    const m = buildMenu({}, { isOwner: false, disabled: false, rights });
    expect(labels(m)).toEqual([
      'Main: Dashboard',
      'Settings: Invoice Templates, Statement Templates, Document Templates, Appointment Settings',
    ]);
  });

  it('hides the settings entries from a member who may only read or create settings', () => {
    const rights = allRights(false);
    rights.settings.c = true;
    expect(labels(buildMenu({}, { isOwner: false, disabled: false, rights }))).toEqual([
      'Main: Dashboard',
    ]);
  });

  it('shows only Webhooks of the settings entries to a member who may only read settings', () => {
    const rights = allRights(false);
    rights.settings.r = true;
    const m = buildMenu({}, { isOwner: false, disabled: false, rights });
    expect(labels(m)).toEqual(['Main: Dashboard', 'Settings: Webhooks']);
    expect(entries(m)).toContain('Settings > Webhooks /webhooks');
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
    expect(labels(m)).toEqual([
      'Main: Dashboard',
      'Finance: Expenses, Log book',
      'Settings: Webhooks',
    ]);
  });

  it('shows the Log book with expenses read alone (vehicle costs are claimed as expenses)', () => {
    const rights = allRights(false);
    rights.expenses.r = true;
    const m = buildMenu({}, { isOwner: false, disabled: false, rights });
    expect(labels(m)).toEqual(['Main: Dashboard', 'Finance: Log book']);
  });

  it('puts Price list, Client types and Import where their lists are', () => {
    const paths = buildMenu({}, owner).flatMap((c) => c.items.map((i) => `${c.label} ${i.path}`));
    expect(paths).toContain('Finance /items');
    expect(paths).toContain('Contacts /clientTypes');
    expect(paths).toContain('Management /import');
  });

  it('shows Price list and Import (of invoices) with invoices create only', () => {
    const rights = allRights(false);
    rights.invoices.c = true;
    const m = buildMenu({}, { isOwner: false, disabled: false, rights });
    expect(labels(m)).toEqual([
      'Main: Dashboard',
      'Finance: Invoices, Credit notes, Price list, Accounting',
      'Management: Incidents, Import',
    ]);
  });

  it('shows Client types and Import (of clients) with clients create only', () => {
    const rights = allRights(false);
    rights.clients.c = true;
    const m = buildMenu({}, { isOwner: false, disabled: false, rights });
    expect(labels(m)).toEqual([
      'Main: Dashboard',
      'Contacts: Clients, Client types, Suppliers',
      'Management: Import',
    ]);
  });

  it('hides Price list, Client types and Import from a member who may only read', () => {
    const rights = allRights(false);
    rights.invoices.r = true;
    rights.clients.r = true;
    const m = buildMenu({}, { isOwner: false, disabled: false, rights });
    expect(labels(m)).toEqual(['Main: Dashboard']);
  });

  it('shows nothing but the Dashboard to a disabled member with every right', () => {
    const m = buildMenu({}, { isOwner: false, disabled: true, rights: allRights(true) });
    expect(labels(m)).toEqual(['Main: Dashboard']);
  });

  it('sends Calendar to the status board', () => {
    const main = buildMenu({}, owner)[0];
    expect(main?.items[1]).toEqual({ label: 'Calendar', path: '/statuses' });
  });

  /** A member holding only the flags given, as 'area.flag'. */
  const only = (...flags: string[]): MemberAccess => {
    const rights = allRights(false) as Record<string, Record<string, boolean>>;
    for (const f of flags) {
      const [area, flag] = f.split('.') as [string, string];
      rights[area]![flag] = true;
    }
    return { isOwner: false, disabled: false, rights };
  };
  const entries = (m: ReturnType<typeof buildMenu>) =>
    m.flatMap((c) => c.items.map((i) => `${c.label} > ${i.label} ${i.path}`));

  it('gives every entry its own path', () => {
    const all = entries(buildMenu({ rank: 'super' }, owner));
    for (const entry of [
      'Main > Dashboard /dashboard',
      'Main > Calendar /statuses',
      'Finance > Invoices /invoices',
      'Finance > Credit notes /creditNotes',
      'Finance > Expenses /expenses',
      'Finance > Accounting /accounting',
      'Contacts > Clients /clients',
      'Contacts > Suppliers /suppliers',
      'Management > Incidents /incidents',
      'Settings > Invoice Templates /invoiceTemplates',
      'Settings > Statement Templates /statementTemplates',
      'Settings > Document Templates /templates',
      'Settings > Appointment Settings /diagram',
    ]) {
      expect(all).toContain(entry);
    }
  });

  it('shows Invoices, Accounting and Incidents for the invoices create flag', () => {
    const m = entries(buildMenu({}, only('invoices.c')));
    expect(m).toContain('Finance > Invoices /invoices');
    expect(m).toContain('Finance > Credit notes /creditNotes');
    expect(m).toContain('Finance > Accounting /accounting');
    expect(m).toContain('Management > Incidents /incidents');
    expect(m).not.toContain('Finance > Expenses /expenses');
    expect(m).not.toContain('Contacts > Clients /clients');
    expect(m).not.toContain('Main > Calendar /statuses');
  });

  it('needs the create flag, not another, for invoices, expenses and contacts', () => {
    const m = entries(buildMenu({}, only('invoices.r', 'invoices.u', 'expenses.r', 'clients.r')));
    expect(m).not.toContain('Finance > Invoices /invoices');
    expect(m).not.toContain('Finance > Expenses /expenses');
    expect(m).not.toContain('Contacts > Clients /clients');
  });

  it('shows Expenses for the expenses create flag only', () => {
    const m = entries(buildMenu({}, only('expenses.c')));
    expect(m).toContain('Finance > Expenses /expenses');
    expect(m).not.toContain('Finance > Invoices /invoices');
  });

  it('shows Clients and Suppliers for the clients create flag', () => {
    const m = entries(buildMenu({}, only('clients.c')));
    expect(m).toContain('Contacts > Clients /clients');
    expect(m).toContain('Contacts > Suppliers /suppliers');
    expect(m).not.toContain('Finance > Invoices /invoices');
  });

  it('shows Calendar for the appointments read flag', () => {
    expect(entries(buildMenu({}, only('appointments.r')))).toContain('Main > Calendar /statuses');
    expect(entries(buildMenu({}, only('appointments.c')))).not.toContain(
      'Main > Calendar /statuses',
    );
  });
});
