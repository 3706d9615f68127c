import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isIP } from 'node:net';
import nodemailer, { type Transporter } from 'nodemailer';
import { HttpError } from './errors.js';
import { PrivateAddressError, resolveOutbound } from './outbound-guard.js';

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

/** The one answer for any failure of a company's own SMTP server (no probing by its wording). */
export const COMPANY_SMTP_FAILED =
  "The company's SMTP server could not be reached or did not accept the message; check its settings under company settings";
export const COMPANY_SMTP_PRIVATE =
  "The company's SMTP server is on a private or local network address, which Fieldbook does not connect to";

/**
 * A send through a company's own SMTP server failed: 400 with one generic
 * message, whatever the cause (refused, timed out, TLS, login, rejected).
 * `retry` is false when trying again cannot help (a private address).
 */
export class CompanySmtpError extends HttpError {
  constructor(
    readonly retry: boolean,
    options?: { cause?: unknown },
  ) {
    super(400, retry ? COMPANY_SMTP_FAILED : COMPANY_SMTP_PRIVATE, {
      smtp: retry ? 'could not be used' : 'is a private or local network address',
    });
    if (options?.cause) this.cause = options.cause;
  }
}

/** How company SMTP servers are reached (config `companySmtp`). */
export interface CompanySmtpPolicy {
  /** Operator setting: allow loopback, link-local and private addresses. */
  allowPrivate: boolean;
  /** Connection, greeting and idle timeout; the whole send is cut off at three times it. */
  timeoutMs: number;
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
  companySmtp?: CompanySmtpPolicy;
}): Mailer {
  const policy: CompanySmtpPolicy = opts.companySmtp ?? { allowPrivate: false, timeoutMs: 10_000 };

  /** Through a company's server: to the address checked, bounded in time, one error for all. */
  async function sendVia(via: SmtpServer, msg: MailMessage & { from: string }) {
    let address: string;
    try {
      address = await resolveOutbound(via.host, policy);
    } catch (e) {
      throw new CompanySmtpError(!(e instanceof PrivateAddressError), { cause: e });
    }
    const t = nodemailer.createTransport({
      host: address,
      // TLS still checks the certificate against the name the company gave.
      ...(!isIP(via.host) && { servername: via.host }),
      port: via.port,
      secure: via.secure,
      auth: via.user ? { user: via.user, pass: via.password ?? '' } : undefined,
      connectionTimeout: policy.timeoutMs,
      greetingTimeout: policy.timeoutMs,
      socketTimeout: policy.timeoutMs,
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        t.sendMail(msg),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('The send took too long')),
            policy.timeoutMs * 3,
          );
        }),
      ]);
    } catch (e) {
      throw new CompanySmtpError(true, { cause: e });
    } finally {
      clearTimeout(timer);
      t.close();
    }
  }

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
      if (via) return sendVia(via, { ...msg, from });
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
