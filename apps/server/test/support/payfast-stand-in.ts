import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  formSignature,
  parseFormBody,
  phpUrlencode,
  type PayfastField,
} from '../../src/platform/payfast.js';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/**
 * An ITN as PayFast posts it: its fields in PayFast's order (as in PayFast's
 * SDK examples), signed over the encoded string plus the passphrase. Answers
 * the form-encoded body. `over` replaces values; `signWith` signs with
 * another passphrase (a forgery).
 */
export function itnBody(
  f: {
    merchantId: string;
    mPaymentId: string;
    pfPaymentId: string;
    amount: string;
    companyId?: string;
    status?: string;
    itemName?: string;
    nameFirst?: string;
    nameLast?: string;
    email?: string;
  },
  passphrase: string | null,
  opts: { signWith?: string | null } = {},
): string {
  const gross = Number(f.amount);
  const fee = Math.round(gross * 3.5) / 100;
  const fields: [string, string][] = [
    ['m_payment_id', f.mPaymentId],
    ['pf_payment_id', f.pfPaymentId],
    ['payment_status', f.status ?? 'COMPLETE'],
    ['item_name', f.itemName ?? 'Invoice'],
    ['item_description', ''],
    ['amount_gross', f.amount],
    ['amount_fee', (-fee).toFixed(2)],
    ['amount_net', (gross - fee).toFixed(2)],
    ['custom_str1', f.companyId ?? ''],
    ['custom_str2', ''],
    ['custom_str3', ''],
    ['custom_str4', ''],
    ['custom_str5', ''],
    ['custom_int1', ''],
    ['custom_int2', ''],
    ['custom_int3', ''],
    ['custom_int4', ''],
    ['custom_int5', ''],
    ['name_first', f.nameFirst ?? 'Jane'],
    ['name_last', f.nameLast ?? 'Buyer'],
    ['email_address', f.email ?? 'jane@example.test'],
    ['merchant_id', f.merchantId],
  ];
  const body = fields.map(([k, v]) => `${k}=${phpUrlencode(v)}`).join('&');
  const pass = opts.signWith === undefined ? passphrase : opts.signWith;
  const signature = md5(pass ? `${body}&passphrase=${phpUrlencode(pass)}` : body);
  return `${body}&signature=${signature}`;
}

export interface PayfastStandIn {
  url: string;
  /** What /eng/query/validate answers: 'VALID', 'INVALID', or an HTTP status to fail with. */
  answer: 'VALID' | 'INVALID' | number;
  /** Bodies posted to /eng/query/validate, in order. */
  validated: string[];
  /** Statuses our notify_url answered to the ITNs this stand-in sent. */
  notified: number[];
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body style="font-family:sans-serif;max-width:480px;margin:40px auto">${body}</body></html>`;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A stand-in for PayFast: `/eng/query/validate` answers as told, and
 * `/eng/process` (the pay form's target) checks the form's signature with the
 * merchant's passphrase as PayFast does, shows a 'Complete payment' button
 * that posts a signed COMPLETE ITN to the form's notify_url and then sends the
 * buyer to its return_url.
 */
export async function startPayfastStandIn(passphrase: string | null): Promise<PayfastStandIn> {
  const forms = new Map<string, Record<string, string>>();
  let seq = 1_000_000;
  const state = { answer: 'VALID' as PayfastStandIn['answer'], validated: [] as string[] };
  const notified: number[] = [];

  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (req.method === 'POST' && req.url === '/eng/query/validate') {
        state.validated.push(body);
        if (typeof state.answer === 'number') res.writeHead(state.answer).end('failed');
        else res.writeHead(200, { 'Content-Type': 'text/plain' }).end(state.answer);
        return;
      }
      if (req.method === 'POST' && req.url === '/eng/process') {
        const posted = parseFormBody(body);
        const data = Object.fromEntries(posted.map((p) => [p.name, p.value]));
        const { signature, ...fields } = data;
        if (signature !== formSignature(fields as Record<PayfastField, string>, passphrase)) {
          res.writeHead(400, { 'Content-Type': 'text/html' });
          res.end(
            page('PayFast', '<h1>Generated signature does not match submitted signature</h1>'),
          );
          return;
        }
        const id = randomUUID();
        forms.set(id, data);
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end(
          page(
            'PayFast',
            `<h1>PayFast (stand-in)</h1><p>${esc(data.item_name ?? '')}</p>` +
              `<p data-testid="pf-amount">R ${esc(data.amount ?? '')}</p>` +
              `<form method="post" action="/eng/complete"><input type="hidden" name="id" value="${id}">` +
              `<button type="submit">Complete payment</button></form>`,
          ),
        );
        return;
      }
      if (req.method === 'POST' && req.url === '/eng/complete') {
        const id = new URLSearchParams(body).get('id') ?? '';
        const form = forms.get(id);
        if (!form) return void res.writeHead(404).end('no such payment');
        forms.delete(id);
        const itn = itnBody(
          {
            merchantId: form.merchant_id!,
            mPaymentId: form.m_payment_id ?? '',
            pfPaymentId: String(seq++),
            amount: form.amount!,
            companyId: form.custom_str1,
            itemName: form.item_name,
            nameFirst: form.name_first,
            nameLast: form.name_last,
            email: form.email_address,
          },
          passphrase,
        );
        const r = await fetch(form.notify_url!, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: itn,
        });
        notified.push(r.status);
        res.writeHead(302, { Location: form.return_url! }).end();
        return;
      }
      res.writeHead(404).end('not found');
    })().catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get answer() {
      return state.answer;
    },
    set answer(a) {
      state.answer = a;
    },
    validated: state.validated,
    notified,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
