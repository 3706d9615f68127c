import type { CompanyRow } from '../companies/index.js';
import type { AppDeps } from '../../platform/deps.js';
import type { MailMessage, SmtpServer } from '../../platform/mail.js';

/** A display name safe inside a quoted address ("Acme Plumbing" <a@b.c>). */
const quotedName = (name: string) => name.replace(/["\\\r\n]/g, '').trim();

/** The company's own SMTP server with its password opened, or null for the platform's. */
export function companySmtp(deps: Pick<AppDeps, 'sealer'>, company: CompanyRow): SmtpServer | null {
  const s = company.smtp;
  if (!s?.host) return null;
  return {
    host: s.host,
    port: s.port,
    secure: s.secure,
    user: s.user,
    password: s.passwordSealed ? deps.sealer.open(s.passwordSealed) : null,
  };
}

/**
 * Sends a document mail on behalf of a company: through its own SMTP server
 * when it has one (From is then the company's address), otherwise through the
 * platform's SMTP or outbox with the company's address as Reply-To, so the
 * client's answer reaches the company and not the platform.
 */
export async function sendAsCompany(
  deps: Pick<AppDeps, 'sealer' | 'mailer'>,
  company: CompanyRow,
  msg: Omit<MailMessage, 'from' | 'replyTo'>,
): Promise<void> {
  const via = companySmtp(deps, company);
  const address = company.emailAddress.trim();
  const ownFrom = address || (via?.user.includes('@') ? via.user : '');
  const from =
    via && ownFrom ? `"${quotedName(company.companyName) || ownFrom}" <${ownFrom}>` : undefined;
  await deps.mailer.send(
    { ...msg, ...(from && { from }), ...(address && { replyTo: address }) },
    via,
  );
}

/** The message with the public link at its end, unless the text already carries it. */
export function withLink(message: string, url: string, label: string): string {
  if (!url || message.includes(url)) return message;
  const body = message.trimEnd();
  return `${body}${body ? '\n\n' : ''}${label}: ${url}\n`;
}

/** The PDF as a mail attachment. */
export const pdfAttachment = (filename: string, content: Buffer) => ({
  filename,
  content,
  contentType: 'application/pdf',
});
