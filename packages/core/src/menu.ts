import { can, type MemberAccess } from './access.js';

export interface MenuItem {
  label: string;
  path: string;
}
export interface MenuCategory {
  label: string;
  items: MenuItem[];
}

export interface MenuUser {
  rank?: string | null;
}

/**
 * The sidebar, by category, as the specification's menu rules allow it for this
 * user in this company. A category is shown only when one of its items is.
 * The menu is the browser's view of the same flags the server enforces.
 * Beyond the specification's entries, Price list, Client types and Import
 * (screens it reaches only through buttons) sit beside the lists they serve,
 * under the same flags as those lists.
 */
export function buildMenu(user: MenuUser, member: MemberAccess | null): MenuCategory[] {
  const isSuper = user.rank === 'super';
  const invoicesC = can(member, 'invoices', 'c');
  const clientsC = can(member, 'clients', 'c');
  // Templates belong to the settings area (DECISIONS §2); rank super adds controls, not access.
  const templates = isSuper || can(member, 'settings', 'u');
  const all: { label: string; items: (MenuItem & { allowed: boolean })[] }[] = [
    {
      label: 'Main',
      items: [
        { label: 'Dashboard', path: '/dashboard', allowed: true },
        { label: 'Calendar', path: '/statuses', allowed: can(member, 'appointments', 'r') },
      ],
    },
    {
      label: 'Finance',
      items: [
        { label: 'Invoices', path: '/invoices', allowed: invoicesC },
        // Every credit note of the company (docs/payments.md), beside the invoices they correct.
        { label: 'Credit notes', path: '/creditNotes', allowed: invoicesC },
        // The saved items invoices are made of (the invoices area, DECISIONS §2).
        { label: 'Price list', path: '/items', allowed: invoicesC },
        { label: 'Expenses', path: '/expenses', allowed: can(member, 'expenses', 'c') },
        { label: 'Accounting', path: '/accounting', allowed: invoicesC },
        // The travel log book and its cars: vehicle costs are claimed with the expenses' rights.
        { label: 'Log book', path: '/logBook', allowed: can(member, 'expenses', 'r') },
      ],
    },
    {
      label: 'Contacts',
      items: [
        { label: 'Clients', path: '/clients', allowed: clientsC },
        // The kinds of client and their extra fields, beside the clients they describe.
        { label: 'Client types', path: '/clientTypes', allowed: clientsC },
        { label: 'Suppliers', path: '/suppliers', allowed: clientsC },
      ],
    },
    {
      label: 'Management',
      items: [
        { label: 'Incidents', path: '/incidents', allowed: invoicesC },
        // CSV import of clients (clients c) or invoices (invoices c); its rows' incidents are above.
        { label: 'Import', path: '/import', allowed: invoicesC || clientsC },
      ],
    },
    {
      label: 'Settings',
      items: [
        { label: 'Invoice Templates', path: '/invoiceTemplates', allowed: templates },
        { label: 'Statement Templates', path: '/statementTemplates', allowed: templates },
        { label: 'Document Templates', path: '/templates', allowed: templates },
        // An owner designs their own workflows (DECISIONS §12): the template rule.
        { label: 'Appointment Settings', path: '/diagram', allowed: templates },
        // Signed webhooks to the company's own systems (docs/webhooks.md): settings r reads them.
        { label: 'Webhooks', path: '/webhooks', allowed: can(member, 'settings', 'r') },
      ],
    },
  ];
  return all
    .map((c) => ({
      label: c.label,
      items: c.items.filter((i) => i.allowed).map(({ label, path }) => ({ label, path })),
    }))
    .filter((c) => c.items.length > 0);
}
