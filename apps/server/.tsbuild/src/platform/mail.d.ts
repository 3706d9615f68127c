export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  from?: string;
  replyTo?: string;
  attachments?: {
    filename: string;
    content: Buffer;
    contentType?: string;
  }[];
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
export declare function createMailer(opts: {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
}): Mailer;
