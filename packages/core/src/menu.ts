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
 */
export function buildMenu(user: MenuUser, member: MemberAccess | null): MenuCategory[] {
  const isSuper = user.rank === 'super';
  const invoicesC = can(member, 'invoices', 'c');
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
        { label: 'Expenses', path: '/expenses', allowed: can(member, 'expenses', 'c') },
        { label: 'Accounting', path: '/accounting', allowed: invoicesC },
      ],
    },
    {
      label: 'Contacts',
      items: [
        { label: 'Clients', path: '/clients', allowed: can(member, 'clients', 'c') },
        { label: 'Suppliers', path: '/suppliers', allowed: can(member, 'clients', 'c') },
      ],
    },
    {
      label: 'Management',
      items: [{ label: 'Incidents', path: '/incidents', allowed: invoicesC }],
    },
    {
      label: 'Settings',
      items: [
        { label: 'Invoice Templates', path: '/invoiceTemplates', allowed: templates },
        { label: 'Statement Templates', path: '/statementTemplates', allowed: templates },
        { label: 'Document Templates', path: '/templates', allowed: templates },
        { label: 'Appointment Settings', path: '/diagram', allowed: isSuper },
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
