import { SUPPORT_EMAIL } from '../../ui/site-footer';
import { LegalPage, type LegalSection } from './legal-page';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Who we are',
    body: (
      <p>
        Fieldbook provides online business management for small service businesses. This policy
        explains what information we collect when you visit our site or use the app, how we use it,
        and the choices you have. It applies together with the Protection of Personal Information
        Act (POPIA).
      </p>
    ),
  },
  {
    heading: 'Log files',
    body: (
      <p>
        Like most websites, Fieldbook keeps log files. They record visits to the site and calls to
        the app: the internet protocol (IP) address, browser type, internet service provider, date
        and time, referring and exit pages, and possibly the number of clicks. This information is
        not linked to anything that identifies you personally. We use it to analyse trends, run and
        secure the service, and find and fix errors.
      </p>
    ),
  },
  {
    heading: 'Information you give us',
    body: (
      <p>
        When you register we ask for your name, e-mail address and a username. The records you
        capture about your own clients are processed on your instructions and only to provide the
        service. We do not sell personal information.
      </p>
    ),
  },
  {
    heading: 'Cookies and local storage',
    body: (
      <p>
        The app keeps your sign-in and the company you last used in your browser's local storage so
        that you stay signed in. You can clear it at any time by logging out.
      </p>
    ),
  },
  {
    heading: 'Third-party advertising partners',
    body: (
      <p>
        Some of our public pages may show advertising or contain links served by third parties.
        Their ad servers may use cookies, JavaScript or web beacons in their ads and links, and
        receive your IP address automatically when this happens. They use these technologies to
        measure how well their advertising works and to personalise the advertising you see.
        Fieldbook has no access to or control over these cookies. Each third party has its own
        privacy policy, which you should read for their practices and how to opt out. You can
        disable cookies in your browser's options.
      </p>
    ),
  },
  {
    heading: "Children's information",
    body: (
      <p>
        Fieldbook is a business tool and is not directed at children. We do not knowingly collect
        any personal information from children under the age of 13. If you think that a child under
        13 has given us personal information, please contact us at once and we will do our best to
        remove it from our records promptly.
      </p>
    ),
  },
  {
    heading: 'Your rights',
    body: (
      <p>
        You may ask for a copy of the personal information we hold about you, ask us to correct or
        delete it, or object to its use. Write to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and we will reply within 30 days.
      </p>
    ),
  },
  {
    heading: 'Consent',
    body: (
      <p>
        By using our website and app, you consent to this privacy policy and agree to its terms. If
        we change the policy we will post the new version here with a new date.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return <LegalPage title="Privacy Policy" updated="1 November 2026" sections={SECTIONS} />;
}
