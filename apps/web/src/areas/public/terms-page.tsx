import { SUPPORT_EMAIL } from '../../ui/site-footer';
import { LegalPage, type LegalSection } from './legal-page';

const SECTIONS: LegalSection[] = [
  {
    heading: '1. About these terms',
    body: (
      <p>
        These terms govern your use of Fieldbook, an online service for quoting, scheduling,
        invoicing and bookkeeping for small service businesses. By creating an account or using the
        service you agree to these terms on behalf of yourself and the business you represent.
      </p>
    ),
  },
  {
    heading: '2. Your account',
    body: (
      <p>
        You must give accurate details when you register and keep your password secret. You are
        responsible for everything done with your account and for the people you invite to your
        company. Tell us at once if you believe your account has been used without permission.
      </p>
    ),
  },
  {
    heading: '3. Free trial and fees',
    body: (
      <p>
        New accounts may use Fieldbook free of charge for a trial period. After the trial, paid
        plans are billed monthly in advance in South African rand, including VAT where it applies.
        Fees already paid are not refunded, but you may cancel at any time and keep access until the
        end of the paid month.
      </p>
    ),
  },
  {
    heading: '4. Your data',
    body: (
      <p>
        The clients, jobs, invoices and other records you capture remain yours. We process them only
        to provide the service, as set out in our privacy policy. You can download your data at any
        time, and we delete it within 90 days after your account is closed, unless the law requires
        us to keep it longer.
      </p>
    ),
  },
  {
    heading: '5. Acceptable use',
    body: (
      <p>
        You may not use Fieldbook to send unsolicited bulk e-mail, to store unlawful content, to
        break into other accounts or to disrupt the service. We may suspend an account that breaks
        this rule after giving notice, or without notice where the harm is serious.
      </p>
    ),
  },
  {
    heading: '6. Payments through third parties',
    body: (
      <p>
        Online payments by your clients are processed by PayFast under its own terms. Fieldbook does
        not hold client funds and is not responsible for the payment provider's service.
      </p>
    ),
  },
  {
    heading: '7. Availability and liability',
    body: (
      <p>
        We work to keep Fieldbook available and your data safe, but the service is provided as is.
        To the extent the law allows, our liability for any claim is limited to the fees you paid in
        the three months before the claim arose, and we are not liable for indirect or consequential
        loss.
      </p>
    ),
  },
  {
    heading: '8. Changes and contact',
    body: (
      <p>
        We may change these terms and will tell you by e-mail at least 30 days before a material
        change takes effect. These terms are governed by the laws of the Republic of South Africa.
        Questions can be sent to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
];

export function TermsPage() {
  return <LegalPage title="Terms and Conditions" updated="1 November 2026" sections={SECTIONS} />;
}
