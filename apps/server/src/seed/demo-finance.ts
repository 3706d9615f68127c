import { randomUUID } from 'node:crypto';
import {
  ZClientSave,
  ZInvoiceSave,
  ZItemSave,
  DEFAULT_TIME_ZONE,
  ZSupplierSave,
  addDays,
  todayIn,
  type TLineInput,
} from '@fieldbook/core';
import { createClientTypesService } from '../areas/clients/client-types.service.js';
import { createClientsService } from '../areas/clients/clients.service.js';
import { expensesService, invoicesService } from '../compose.js';
import { createItemsService } from '../areas/items/items.service.js';
import { createSuppliersService } from '../areas/suppliers/suppliers.service.js';
import { systemCaller } from '../platform/access.js';
import type { AppDeps } from '../platform/deps.js';
import { seededRandom } from './random.js';

/** A seeded client or supplier, for the parts of the demo seeded after the finance data. */
export interface DemoRef {
  id: string;
  name: string;
}

const CLIENTS: [string, string, string, [number, number] | null, 'res' | 'com'][] = [
  ['Naledi', 'Mokoena', '14 Kloof Street, Gardens, Cape Town', [-33.9312, 18.4105], 'res'],
  ['Pieter', 'van der Merwe', '3 Main Road, Claremont', [-33.9837, 18.4655], 'res'],
  ['Ayesha', 'Patel', '27 Voortrekker Road, Bellville', [-33.9022, 18.6292], 'res'],
  ['Lungile', 'Zulu', '8 Beach Road, Muizenberg', [-34.1075, 18.4711], 'res'],
  ['Chantelle', 'Adams', '52 Klipfontein Road, Athlone', null, 'res'],
  ['Johan', 'Botha', '11 Church Street, Stellenbosch', [-33.9366, 18.861], 'res'],
  ['Fatima', 'Isaacs', '6 Rose Street, Bo-Kaap', [-33.9208, 18.4153], 'res'],
  ['Sea Point Medical Centre', '', '200 Main Road, Sea Point', [-33.9151, 18.3874], 'com'],
  ['Harbour View Body Corporate', '', '1 Dock Road, V&A Waterfront', [-33.9036, 18.4207], 'com'],
  ['Mzansi Coffee Roasters', '', '45 Bree Street, Cape Town', [-33.9184, 18.4184], 'com'],
  ['Tygerberg Primary School', '', '9 School Road, Parow', null, 'com'],
  ['Khanyisa Guest House', '', '18 Camps Bay Drive, Camps Bay', [-33.9507, 18.3776], 'com'],
];

const ITEMS: [string, string, string, number, number | null][] = [
  ['CALL', 'Call-out fee', 'Labour', 450, null],
  ['LAB', 'Labour (per hour)', 'Labour', 380, null],
  ['GEY150', 'Geyser 150 L, supplied and fitted', 'Plumbing', 6499, 4850],
  ['ELEM', 'Geyser element 3 kW', 'Plumbing', 385, 210],
  ['VALVE', 'Pressure control valve', 'Plumbing', 1150, 780],
  ['DB', 'Distribution board upgrade', 'Electrical', 2150, 1400],
  ['PLUG', 'Double plug point installed', 'Electrical', 285, 95],
  ['COC', 'Electrical certificate of compliance', 'Electrical', 1200, null],
];

/**
 * The demo company's finance data: client types, clients with positions,
 * suppliers, a price list and a year of quotes, invoices (paid, unpaid and
 * overdue) and expenses, all written through the same services as the API.
 */
export async function seedDemoFinance(
  deps: AppDeps,
  companyId: string,
  ownerId: string,
): Promise<{ clients: DemoRef[]; suppliers: DemoRef[] }> {
  const rand = seededRandom(7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const types = createClientTypesService(deps);
  const res = await types.save(companyId, {
    name: 'Residential',
    descriptions: [
      {
        description: 'propertyType',
        label: 'Property type',
        type: 'select',
        options: ['House', 'Flat', 'Townhouse'],
      },
      { description: 'gateCode', label: 'Gate code', type: 'text', options: [] },
    ],
  });
  const com = await types.save(companyId, {
    name: 'Commercial',
    descriptions: [
      { description: 'vatNumber', label: 'VAT number', type: 'text', options: [] },
      {
        description: 'orderNumberRequired',
        label: 'Order number required',
        type: 'switch',
        options: [],
      },
    ],
  });

  const clientsSvc = createClientsService(deps);
  const clients: { id: string; name: string; email: string }[] = [];
  for (const [name, surname, address, pos, kind] of CLIENTS) {
    const email = `${name.split(' ')[0]!.toLowerCase()}@example.co.za`;
    const { _id } = await clientsSvc.save(
      companyId,
      ownerId,
      ZClientSave.parse({
        name,
        surname,
        email,
        phone: `082 555 ${String(1000 + clients.length * 37).slice(0, 4)}`,
        address,
        entityTemplateId: kind === 'res' ? res._id : com._id,
        googlePosition: pos && { lat: pos[0], lng: pos[1] },
        googleZoom: pos ? 15 : null,
        fields:
          kind === 'res'
            ? { propertyType: pick(['House', 'Flat', 'Townhouse']), gateCode: '' }
            : {
                vatNumber: `4${Math.floor(100000000 + rand() * 899999999)}`,
                orderNumberRequired: rand() < 0.5,
              },
      }),
    );
    clients.push({ id: _id, name: [name, surname].filter(Boolean).join(' '), email });
  }

  const suppliersSvc = createSuppliersService(deps);
  const suppliers: { id: string; name: string }[] = [];
  for (const name of ['Plumblink Cape Town', 'Voltex Electrical', 'Builders Warehouse']) {
    const { _id } = await suppliersSvc.save(companyId, ZSupplierSave.parse({ name }));
    suppliers.push({ id: _id, name });
  }

  const itemsSvc = createItemsService(deps);
  const items: { id: string; code: string; description: string; price: number }[] = [];
  for (const [code, description, category, price, cost] of ITEMS) {
    const id = randomUUID();
    await itemsSvc.save(
      companyId,
      id,
      ZItemSave.parse({
        code,
        description,
        category,
        price,
        cost,
        // The body corporate has its own call-out rate.
        overrides: code === 'CALL' ? { [clients[8]!.id]: 395 } : {},
      }),
    );
    items.push({ id, code, description, price });
  }

  const today = todayIn(DEFAULT_TIME_ZONE);
  const invoicesSvc = invoicesService(deps);
  for (let daysAgo = 360; daysAgo >= 0; daysAgo -= 4) {
    const client = pick(clients);
    const date = addDays(today, -daysAgo);
    const lines: TLineInput[] = [
      { description: 'Call-out fee', code: 'CALL', qty: 1, price: 450, itemId: items[0]!.id },
      {
        description: 'Labour (per hour)',
        code: 'LAB',
        qty: 1 + Math.floor(rand() * 4),
        price: 380,
        itemId: items[1]!.id,
      },
    ];
    const extra = pick(items.slice(2));
    if (rand() < 0.7)
      lines.push({
        description: extra.description,
        code: extra.code,
        qty: 1,
        price: extra.price,
        itemId: extra.id,
      });
    const isQuote = rand() < 0.12;
    // Older work is mostly paid; the last six weeks are mostly open, some overdue.
    const paid = !isQuote && (daysAgo > 45 ? rand() < 0.92 : rand() < 0.35);
    await invoicesSvc.save(
      companyId,
      ownerId,
      ZInvoiceSave.parse({
        isQuote,
        invoiceDate: date,
        dueDate: addDays(date, 7),
        entityId: client.id,
        to: client.name,
        toEmail: client.email,
        descriptions: lines,
        discount: { hasDiscount: rand() < 0.1, discountType: 'Percentage', discountValue: 10 },
        paid,
        datePaid: paid ? addDays(date, Math.floor(rand() * 14)) : null,
        methodPaid: paid ? pick(['EFT', 'EFT', 'Cash', 'Card']) : '',
      }),
    );
  }

  const expensesSvc = expensesService(deps);
  const who = systemCaller(companyId, ownerId);
  for (let daysAgo = 355; daysAgo >= 0; daysAgo -= 9) {
    const supplier = pick(suppliers);
    const date = addDays(today, -daysAgo);
    const warranty = rand() < 0.15;
    await expensesSvc.save(
      who,
      {
        expenseDate: date,
        dueDate: addDays(date, 30),
        supplierId: supplier.id,
        description: pick([
          'Copper pipe and fittings',
          'Cable and trunking',
          'Geyser stock',
          'Tools',
          'Sealant and tape',
        ]),
        price: Math.round(300 + rand() * 4500) + 0.5,
        paid: daysAgo > 30 || rand() < 0.3,
        methodPaid: 'EFT',
        hasWarranty: warranty,
        warrantyValidDate: warranty ? addDays(date, 365) : null,
      },
      null,
    );
  }
  for (let daysAgo = 350; daysAgo >= 0; daysAgo -= 30) {
    await expensesSvc.save(
      who,
      {
        expenseDate: addDays(today, -daysAgo),
        to: 'Engen Garage',
        description: 'Fuel for the bakkie',
        price: '1450,00',
        paid: true,
        methodPaid: 'Card',
      },
      null,
    );
  }
  return { clients, suppliers };
}
