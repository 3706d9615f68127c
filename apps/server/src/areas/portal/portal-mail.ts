import type { TQuoteResponse } from '@fieldbook/core';
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

const ANSWER_WORDS: Record<TQuoteResponse['kind'], string> = {
  accepted: 'accepted',
  declined: 'declined',
  changes: 'asked for changes to',
};

/** What staff are told of a client's answer: a title and its lines. */
export function answerText(
  client: string,
  number: string,
  r: TQuoteResponse,
  done: { invoiced: boolean; job: string | null; jobProblem?: string },
): { title: string; body: string } {
  const title = `${client} ${ANSWER_WORDS[r.kind]} quote ${number}`.trim();
  const lines = [
    `${title} in the client portal.`,
    r.kind === 'accepted'
      ? `Signed by ${r.name}${r.poNumber ? `, PO number ${r.poNumber}` : ''}.`
      : '',
    r.text ? `${r.kind === 'declined' ? 'Reason' : 'Changes asked for'}: ${r.text}` : '',
    done.invoiced ? 'The quote was turned into an invoice, as your settings ask.' : '',
    done.job ? `Job ${done.job} was made for it (Unscheduled), as your settings ask.` : '',
    done.jobProblem ? `The job your settings ask for could not be made: ${done.jobProblem}` : '',
  ].filter(Boolean);
  return { title, body: lines.join('\n\n') };
}

/**
 * The e-mail of a client's answer to each member who wants it (the platform
 * sends it: it is not a document to the client, so it is not counted in the
 * company's sending limit). One that cannot go is left: the answer is
 * recorded and shown in the app.
 */
export async function mailStaff(
  deps: Pick<AppDeps, 'mailer'>,
  to: string[],
  t: { title: string; body: string },
): Promise<void> {
  for (const address of to)
    await deps.mailer.send({ to: address, subject: t.title, text: `${t.body}\n` }).catch(() => {});
}
