import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  from: string;
  replyTo: string;
  /** Headers with a plain text value, by lower-case name (`x-fieldbook-invoice`). */
  headers: Record<string, string>;
  /** `content`: the attachment's bytes (e2e journeys read the PDFs back). */
  attachments: { filename?: string; contentType: string; size: number; content: Buffer }[];
}

/** A real SMTP server in this process; the app sends to it through nodemailer. */
export async function startMailCatcher() {
  const mails: CaughtMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((m) => {
          const to = Array.isArray(m.to) ? m.to.map((a) => a.text).join(', ') : (m.to?.text ?? '');
          mails.push({
            to,
            subject: m.subject ?? '',
            text: m.text ?? '',
            from: m.from?.text ?? '',
            replyTo: m.replyTo?.text ?? '',
            headers: Object.fromEntries(
              [...m.headers].filter((e): e is [string, string] => typeof e[1] === 'string'),
            ),
            attachments: m.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              size: a.size,
              content: a.content,
            })),
          });
          waiters.splice(0).forEach((w) => w());
          cb();
        })
        .catch(cb);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /**
     * The newest mail to `to`, waiting up to 20 s for it: a queued send renders a PDF
     * in Chromium, slow on two cores beside the rest of the suite.
     */
    async last(to: string): Promise<CaughtMail> {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const m = [...mails].reverse().find((x) => x.to.includes(to));
        if (m) return m;
        if (Date.now() > deadline)
          throw new Error(`no mail to ${to}; got ${mails.map((x) => x.to).join(', ')}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 200);
        });
      }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
