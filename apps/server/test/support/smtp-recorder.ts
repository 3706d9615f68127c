import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A light SMTP server that only counts messages per invoice (the
 * `X-Fieldbook-Invoice` header) without parsing bodies, so hundreds of mails
 * with PDFs cost the test or bench almost nothing. For the crash test and the
 * bulk-send bench.
 */
export async function startSmtpRecorder() {
  const perInvoice = new Map<string, number>();
  let messages = 0;
  let lastAt = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    maxClients: 200,
    closeTimeout: 1000,
    // A reverse DNS lookup per connection costs about 100 ms here.
    disableReverseLookup: true,
    onData(stream, _session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', cb);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const end = raw.indexOf('\r\n\r\n');
        const head = raw.subarray(0, end < 0 ? raw.length : end).toString('latin1');
        const id = /^x-fieldbook-invoice:\s*(\S+)/im.exec(head)?.[1];
        messages++;
        lastAt = performance.now();
        if (id) perInvoice.set(id, (perInvoice.get(id) ?? 0) + 1);
        cb();
      });
    },
  });
  // A server killed mid-message resets its connection: nothing for the test to fail on.
  server.on('error', () => {});
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Messages received per invoice id. */
    perInvoice,
    messages: () => messages,
    /** performance.now() of the last message. */
    lastAt: () => lastAt,
    /** Waits until `check` is true (polling), or throws after `timeoutMs`. */
    async until(check: () => boolean, timeoutMs: number, what: string) {
      const deadline = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > deadline)
          throw new Error(`timed out waiting for ${what} (${perInvoice.size} invoices mailed)`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
