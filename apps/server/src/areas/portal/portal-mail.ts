import type { AppDeps } from '../../platform/deps.js';
import type { CompanyRow } from '../companies/index.js';
import { sendAsCompany, sendWithinLimit } from '../delivery/index.js';

/**
 * The e-mail that carries a portal link to the client (docs/portal.md): from
 * the company (its SMTP or the platform's with its Reply-To), counted in its
 * sending limit like every document mail.
 */
export async function sendPortalLink(
  deps: Pick<AppDeps, 'database' | 'config' | 'mailer' | 'sealer'>,
  company: CompanyRow,
  m: { to: string; name: string; url: string; expiresAt: Date },
): Promise<void> {
  const until = m.expiresAt.toLocaleDateString('en-ZA', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: company.timeZone,
  });
  const text =
    `Hello ${m.name || 'there'},\n\n` +
    `${company.companyName} has given you a link to your account: your invoices, quotes, ` +
    `credit notes, statement and upcoming jobs, and online payment where it is set up.\n\n` +
    `${m.url}\n\n` +
    `The link works until ${until}. Keep it to yourself: anyone who has it can see your account.\n`;
  await sendWithinLimit(deps.config.sendsPerHour, deps.database.db, company.id, () =>
    sendAsCompany(deps, company, {
      to: m.to,
      subject: `Your account with ${company.companyName}`,
      text,
    }),
  );
}
