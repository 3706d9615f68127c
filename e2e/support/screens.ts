import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { DEFAULT_TIME_ZONE, todayIn } from '@fieldbook/core';
import {
  clients,
  companies,
  expenses,
  invoices,
  users,
} from '../../apps/server/src/db/schema/index.js';
import { makeLink } from '../../apps/server/src/areas/portal-links/index.js';
import { DEMO, seedDemoIfEmpty } from '../../apps/server/src/seed/demo.js';
import { openInApp, type E2E } from './app.js';
import { settled } from './settled.js';

/** The demo company's ids that the screens below need. */
export interface Demo {
  companyId: string;
  clientId: string;
  invoiceId: string;
  expenseId: string;
  publicLink: string;
  /** A portal link of the public invoice's client. */
  portalLink: string;
  /** The route screen of thandi's day (eight visits today in the demo). */
  routePath: string;
}

/** Seeds the demo company (a year of invoices, clients, expenses) and picks a few of its records. */
export async function seedDemo(e: E2E): Promise<Demo> {
  expect(await seedDemoIfEmpty(e.h.deps)).toEqual(DEMO);
  const db = e.h.deps.database.db;
  const [co] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.companyName, 'Dlamini Plumbing & Electrical'));
  const companyId = co!.id;
  const [inv] = await db
    .select({ id: invoices.id, entityId: invoices.entityId, key: invoices.publicKey })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.isQuote, false),
        isNotNull(invoices.entityId),
      ),
    )
    .orderBy(desc(invoices.invoiceDate))
    .limit(1);
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.companyId, companyId), eq(clients.name, 'Naledi')));
  const [exp] = await db
    .select({ id: expenses.id })
    .from(expenses)
    .where(eq(expenses.companyId, companyId))
    .limit(1);
  const [thandi] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, 'thandi'));
  return {
    companyId,
    routePath: `/statuses?view=route&users=${thandi!.id}&date=${todayIn(DEFAULT_TIME_ZONE)}`,
    clientId: client!.id,
    invoiceId: inv!.id,
    expenseId: exp!.id,
    publicLink: `/view/c/${companyId}/e/${inv!.entityId}/i/${inv!.key}`,
    // The invoice's client's portal (docs/portal.md), as a link the owner made.
    portalLink: `/portal/${
      (
        await db.transaction((tx) =>
          makeLink(tx, e.h.deps.sealer, {
            companyId,
            clientId: inv!.entityId!,
            days: 90,
            createdBy: null,
          }),
        )
      ).token
    }`,
  };
}

export interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
  /** Resolves when the screen shows its content (not a loader). */
  ready: (page: Page) => Promise<unknown>;
}

// A name given as text is the heading's whole text: a screen opened from another one must not
// be taken as ready on the last one's heading ('Expense' after 'Expenses').
const heading = (name: string | RegExp) => (page: Page) =>
  page
    .getByRole('heading', { name, exact: typeof name === 'string' })
    .first()
    .waitFor();

/** The main screens of the product, signed out and signed in. */
export function mainScreens(d: Demo): Screen[] {
  return [
    {
      name: 'landing',
      path: '/',
      signedIn: false,
      ready: (p) => p.locator('#hero-title').waitFor(),
    },
    { name: 'sign-in', path: '/login', signedIn: false, ready: heading(/sign in/i) },
    { name: 'register', path: '/register', signedIn: false, ready: heading('create account') },
    {
      name: 'portal',
      path: d.portalLink,
      signedIn: false,
      ready: heading('Dlamini Plumbing & Electrical'),
    },
    {
      name: 'public-invoice',
      path: d.publicLink,
      signedIn: false,
      ready: (p) => p.locator('iframe').first().waitFor(),
    },
    { name: 'dashboard', path: '/', signedIn: true, ready: heading(/Sipho/) },
    {
      name: 'clients',
      path: '/clients',
      signedIn: true,
      ready: (p) => p.getByRole('link', { name: 'Naledi' }).waitFor(),
    },
    {
      name: 'client',
      path: `/clients/${d.clientId}`,
      signedIn: true,
      ready: heading(/Naledi/),
    },
    {
      name: 'client-jobs',
      path: `/clients/${d.clientId}?tab=jobs`,
      signedIn: true,
      ready: (p) =>
        p
          .getByText('No jobs for this client yet.')
          .or(p.getByRole('table', { name: 'Jobs' }))
          .or(p.getByRole('list', { name: 'Jobs' }))
          .first()
          .waitFor(),
    },
    {
      name: 'invoices',
      path: '/invoices',
      signedIn: true,
      ready: (p) => p.getByRole('table', { name: 'Invoices' }).waitFor(),
    },
    {
      name: 'invoice',
      path: `/invoices/${d.invoiceId}`,
      signedIn: true,
      ready: (p) => p.getByTestId('totals-total').waitFor(),
    },
    {
      name: 'invoice-new',
      path: '/invoices/new',
      signedIn: true,
      ready: heading('New Invoice'),
    },
    { name: 'credit-notes', path: '/creditNotes', signedIn: true, ready: heading('Credit notes') },
    { name: 'expenses', path: '/expenses', signedIn: true, ready: heading('Expenses') },
    {
      name: 'expense',
      path: `/expenses/${d.expenseId}`,
      signedIn: true,
      // The loaded form ('Expense EXP-…'), not the 'Expense' header shown while it loads.
      ready: heading(/^Expense \S/),
    },
    {
      name: 'accounting',
      path: '/accounting',
      signedIn: true,
      ready: (p) => p.getByRole('row', { name: /^Net profit/ }).waitFor(),
    },
    { name: 'log-book', path: '/logBook', signedIn: true, ready: heading('Log book') },
    { name: 'cars', path: '/cars', signedIn: true, ready: heading('Cars') },
    { name: 'recurring', path: '/recurring', signedIn: true, ready: heading('Recurring') },
    {
      name: 'recurring-editor',
      path: '/recurring?type=invoices&id=new',
      signedIn: true,
      // The editor's rule with its next five dates.
      ready: (p) => p.getByTestId('recurring-next-runs').waitFor(),
    },
    { name: 'suppliers', path: '/suppliers', signedIn: true, ready: heading('Suppliers') },
    { name: 'items', path: '/items', signedIn: true, ready: heading(/Price list/i) },
    { name: 'client-types', path: '/clientTypes', signedIn: true, ready: heading(/Client types/i) },
    { name: 'import', path: '/import', signedIn: true, ready: heading(/Import/i) },
    {
      name: 'company',
      path: `/company/${d.companyId}`,
      signedIn: true,
      ready: heading('Dlamini Plumbing & Electrical'),
    },
    {
      name: 'templates',
      path: '/invoiceTemplates',
      signedIn: true,
      ready: heading(/Invoice Templates/i),
    },
    {
      name: 'diagram',
      path: '/diagram',
      signedIn: true,
      // The workflow of the first type, drawn.
      ready: (p) => p.locator('.react-flow__node').first().waitFor(),
    },
    {
      name: 'board',
      path: '/statuses',
      signedIn: true,
      ready: (p) => p.getByTestId('board-column').first().waitFor(),
    },
    {
      name: 'planner',
      path: '/statuses?view=planner',
      signedIn: true,
      ready: (p) => p.getByTestId('planner').waitFor(),
    },
    {
      name: 'route',
      path: d.routePath,
      signedIn: true,
      ready: (p) => p.getByTestId('route-stop').nth(7).waitFor(),
    },
    {
      name: 'calendar',
      path: '/calendar?cal=dayGridMonth',
      signedIn: true,
      ready: (p) => p.getByTestId('job-calendar').waitFor(),
    },
    { name: 'people', path: '/people', signedIn: true, ready: heading('People') },
    { name: 'profile', path: '/settings', signedIn: true, ready: heading('Profile Settings') },
  ];
}

/**
 * Open a screen and wait until it shows its content, its data has come and the
 * fonts and images settled. A signed-in screen opens in the app already showing
 * (`openInApp`): no page load, so instead of the load's network idle it waits
 * for no request in flight and no loader left in the screen.
 */
export async function openScreen(page: Page, s: Screen) {
  const pending = requestsInFlight(page);
  const inApp = s.signedIn ? await openInApp(page, s.path) : (await page.goto(s.path), false);
  await s.ready(page);
  if (inApp) {
    await expect.poll(() => pending.size, { message: 'requests in flight' }).toBe(0);
    const loaders = page.locator('main .mantine-Loader-root');
    await expect.poll(() => loaders.count(), { message: 'loaders in the screen' }).toBe(0);
  } else await page.waitForLoadState('networkidle').catch(() => undefined);
  // Transitions (Mantine fades) end before a screenshot or an axe run.
  await settled(page);
}

const inFlight = new WeakMap<Page, Set<Request>>();

/** The page's requests still waiting for their answer (socket.io's own aside), counted from the first call. */
function requestsInFlight(page: Page): Set<Request> {
  let pending = inFlight.get(page);
  if (!pending) {
    const open = new Set<Request>();
    page.on('request', (r) => {
      if (!r.url().includes('/socket.io/')) open.add(r);
    });
    page.on('requestfinished', (r) => open.delete(r));
    page.on('requestfailed', (r) => open.delete(r));
    inFlight.set(page, (pending = open));
  }
  return pending;
}
