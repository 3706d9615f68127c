import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  from?: string;
  replyTo?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
  /** Extra headers, e.g. `X-Fieldbook-Invoice` so a sent mail can be traced to its record. */
  headers?: Record<string, string>;
}

export interface OutboxEntry {
  _id: string;
  to: string;
  subject: string;
  date: string;
  text: string;
}

export interface SmtpServer {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string | null;
}

export interface Mailer {
  /** Sends through the given SMTP server, the platform's, or into the outbox. */
  send(msg: MailMessage, via?: SmtpServer | null): Promise<void>;
  /** The messages kept because no SMTP server is configured, newest first. */
  outbox(): Promise<OutboxEntry[]>;
  close(): void;
}

/**
 * E-mail through nodemailer: SMTP when `SMTP_URL` is set, otherwise an outbox
 * under the data directory that the platform administrator can read. Nothing
 * is silently dropped.
 */
export function createMailer(opts: {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
}): Mailer {
  const platform: Transporter | null = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : null;
  const store = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });

  async function toOutbox(msg: MailMessage) {
    const info = (await store.sendMail({ ...msg, from: msg.from ?? opts.from })) as unknown as {
      message: Buffer;
    };
    await fs.mkdir(opts.outboxDir, { recursive: true });
    const id = `${Date.now().toString().padStart(15, '0')}-${randomUUID()}`;
    const entry: OutboxEntry = {
      _id: id,
      to: ([] as string[]).concat(msg.to).join(', '),
      subject: msg.subject,
      date: new Date().toISOString(),
      text: msg.text,
    };
    await fs.writeFile(path.join(opts.outboxDir, `${id}.eml`), info.message);
    await fs.writeFile(path.join(opts.outboxDir, `${id}.json`), JSON.stringify(entry));
  }

  return {
    async send(msg, via) {
      const from = msg.from ?? opts.from;
      if (via) {
        const t = nodemailer.createTransport({
          host: via.host,
          port: via.port,
          secure: via.secure,
          auth: via.user ? { user: via.user, pass: via.password ?? '' } : undefined,
        });
        try {
          await t.sendMail({ ...msg, from });
        } finally {
          t.close();
        }
        return;
      }
      if (platform) await platform.sendMail({ ...msg, from });
      else await toOutbox(msg);
    },
    async outbox() {
      let names: string[];
      try {
        names = await fs.readdir(opts.outboxDir);
      } catch {
        return [];
      }
      const metas = names
        .filter((n) => n.endsWith('.json'))
        .sort()
        .reverse()
        .slice(0, 500);
      return Promise.all(
        metas.map(
          async (n) =>
            JSON.parse(await fs.readFile(path.join(opts.outboxDir, n), 'utf8')) as OutboxEntry,
        ),
      );
    },
    close() {
      platform?.close();
    },
  };
}
