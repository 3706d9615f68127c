// One invoice PDF through the server's warm renderer (one Chromium, reused
// pages) against Chromium launched fresh to print the same HTML directly
// (launch, new page, setContent, pdf, close): what keeping the browser warm buys.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ZClientSave, ZCompanySave, ZInvoiceSave, vatTax } from '@fieldbook/core';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDeps } from '../../apps/server/src/open-deps.js';
import { CHROMIUM_ARGS } from '../../apps/server/src/platform/pdf.js';
import { createAuthService } from '../../apps/server/src/areas/auth/auth.service.js';
import { joinCompany } from '../../apps/server/src/areas/companies/index.js';
import { createClientsService } from '../../apps/server/src/areas/clients/clients.service.js';
import { invoiceDocument } from '../../apps/server/src/areas/invoices/index.js';
import { companiesService, invoicesService } from '../../apps/server/src/compose.js';
import { systemCaller } from '../../apps/server/src/platform/access.js';

const WARM_RUNS = Number(process.env.BENCH_PDF_RUNS ?? 20);
const COLD_RUNS = Number(process.env.BENCH_PDF_COLD_RUNS ?? 5);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function timed(runs: number, f: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await f();
    times.push(performance.now() - t);
  }
  return median(times);
}

/** A company with VAT, a client and a twelve-line invoice, on a new embedded database. */
async function fixture() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-bench-pdf-'));
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), logRequests: false };
  const deps = await openDeps(config, 'bench-pdf');
  const auth = createAuthService(deps, joinCompany);
  const owner = await auth.createUser({
    username: `pdf${Date.now()}`,
    password: 'bench-password',
    email: 'p@bench.test',
  });
  const companies = companiesService(deps, auth);
  const { _id: companyId } = await companies.create(owner.id, 'Bench Plumbing', null);
  await companies.save(
    companyId,
    ZCompanySave.parse({
      companyName: 'Bench Plumbing',
      tax: vatTax({ taxNumber: '4000000000' }),
      address: '1 Bench Road\nCape Town',
      phone: '021 000 0000',
    }),
    systemCaller(companyId, owner.id),
  );
  const client = ZClientSave.parse({
    name: 'Jane',
    surname: 'Doe',
    address: '12 Sample Street\nRondebosch',
  });
  const { _id: clientId } = await createClientsService(deps).save(companyId, owner.id, client);
  const invoice = ZInvoiceSave.parse({
    invoiceDate: '2026-11-02',
    dueDate: '2026-11-09',
    entityId: clientId,
    descriptions: Array.from({ length: 12 }, (_, i) => ({
      description: `Item ${i + 1}: labour and materials`,
      qty: 1 + (i % 3),
      price: 125.5 * (i + 1),
    })),
  });
  const { _id: invoiceId } = await invoicesService(deps).save(companyId, owner.id, invoice);
  return {
    deps,
    companyId,
    invoiceId,
    close: async () => {
      await deps.pdf.close();
      await deps.database.close();
      deps.release();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface PdfBench {
  render: number;
  warmPrint: number;
  warmDocument: number;
  cold: number;
  bytes: number;
}

/** Runs the PDF bench and prints its table. */
export async function benchPdf(): Promise<PdfBench> {
  const f = await fixture();
  try {
    const doc = await invoiceDocument(f.deps, f.companyId, f.invoiceId);
    const chromiumPath = f.deps.config.chromiumPath;
    // Warm-up: the first print launches the browser and opens a page.
    let bytes = 0;
    for (let i = 0; i < 3; i++) bytes = (await f.deps.pdf.print(doc.html)).length;
    const warmPrint = await timed(WARM_RUNS, () => f.deps.pdf.print(doc.html));
    const warmDocument = await timed(WARM_RUNS, async () =>
      f.deps.pdf.print((await invoiceDocument(f.deps, f.companyId, f.invoiceId)).html),
    );
    const render = await timed(WARM_RUNS, () => invoiceDocument(f.deps, f.companyId, f.invoiceId));
    const cold = await timed(COLD_RUNS, async () => {
      const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
      const page = await browser.newPage();
      await page.setContent(doc.html, { waitUntil: 'load' });
      await page.pdf({
        format: 'A4',
        printBackground: true,
        margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' },
      });
      await browser.close();
    });
    const r = { render, warmPrint, warmDocument, cold, bytes };
    printPdfBench(r);
    return r;
  } finally {
    await f.close();
  }
}

export function printPdfBench(r: PdfBench): void {
  console.log(`\nInvoice PDF (12 lines, ${(r.bytes / 1024).toFixed(0)} kB), median ms\n`);
  console.log('| how | runs | ms |');
  console.log('|---|---:|---:|');
  console.log(
    `| load and render the invoice HTML (invoiceDocument, no print) | ${WARM_RUNS} | ${r.render.toFixed(1)} |`,
  );
  console.log(`| warm renderer: print the HTML | ${WARM_RUNS} | ${r.warmPrint.toFixed(1)} |`);
  console.log(
    `| warm renderer: load, render and print (invoiceDocument + print) | ${WARM_RUNS} | ${r.warmDocument.toFixed(1)} |`,
  );
  console.log(
    `| fresh Chromium: launch, page, setContent, pdf, close | ${COLD_RUNS} | ${r.cold.toFixed(1)} |`,
  );
  console.log(
    `\nwarm print is ${(r.cold / r.warmPrint).toFixed(1)}x faster than a fresh Chromium (ratio warm/fresh ${(r.warmPrint / r.cold).toFixed(2)})`,
  );
}

// Alone: `npx tsx scripts/bench/pdf.ts` (or `npm run bench -- pdf`).
if (import.meta.url === `file://${process.argv[1]}`) await benchPdf();
