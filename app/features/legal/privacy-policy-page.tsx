import { LegalList, LegalPage, MailLink, type LegalSection } from "~/components/layout/legal-page.tsx";

/** Spec 02 §2: both dates are January 24, 2025. */
const POLICY_DATE = { iso: "2025-01-24", text: "January 24, 2025" } as const;
const CONTACT_EMAIL = "privacy@introbase.com";

const List = LegalList;
const mail = <MailLink address={CONTACT_EMAIL} />;

/** The sections, in the order spec 02 §2 gives them. */
const SECTIONS: LegalSection[] = [
  {
    id: "introduction",
    title: "Introduction",
    body: (
      <>
        <p>
          Introbase (&ldquo;Introbase&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;) runs a directory of startups, investors and local partners
          and makes curated, consent-based introductions between them. This policy explains what personal data we collect when you use our
          website and services, why we collect it, who we share it with and the choices you have.
        </p>
        <p>
          This policy is designed to comply with the EU and UK General Data Protection Regulation (GDPR), the California Consumer Privacy
          Act as amended by the California Privacy Rights Act (CCPA), and LinkedIn&apos;s API terms and data-usage rules for applications
          that offer sign-in with LinkedIn. Introbase is the controller of the personal data described here.
        </p>
      </>
    ),
  },
  {
    id: "information-we-collect",
    title: "Information We Collect",
    body: (
      <>
        <p>We collect only what we need to run the service:</p>
        <List
          items={[
            <>
              <strong>Account information.</strong> When you sign in with Google or LinkedIn, or with an e-mail address and password, we
              receive your name, e-mail address and profile picture. We never receive the password of your Google or LinkedIn account.
            </>,
            <>
              <strong>Access level and subscription tier.</strong> Your access level (public, subscriber or premium), your subscription tier
              and its history, which decide the listings and fields you can see.
            </>,
            <>
              <strong>Information you submit.</strong> Applications to be featured, pilot applications, introduction requests (your name,
              e-mail address, message and the recipient you chose) and messages you send us.
            </>,
            <>
              <strong>Listing information.</strong> Company details shown in the directory, including names and roles of team members that
              the company provided or that are publicly available.
            </>,
            <>
              <strong>Usage information.</strong> Pages and profiles viewed, counts of actions that your tier limits, the date and time of
              requests, IP address, browser type and device information, recorded in server logs.
            </>,
            <>
              <strong>Payment information.</strong> If you buy a subscription, payment is processed by our payment provider. We receive
              confirmation of payment and the plan, never your full card number.
            </>,
          ]}
        />
      </>
    ),
  },
  {
    id: "how-we-use-your-information",
    title: "How We Use Your Information",
    body: (
      <>
        <List
          items={[
            "To create and secure your account and keep you signed in.",
            "To apply your access level and subscription tier, and to count usage against its limits.",
            "To review applications and to make the introductions you ask for, always with the consent of both sides.",
            "To reply to your requests and to send service messages, such as confirmations and changes to this policy.",
            "To protect the service against fraud, abuse and security incidents.",
            "To understand how the service is used, in aggregate, so that we can improve it.",
            "To comply with our legal obligations.",
          ]}
        />
        <p>
          Under the GDPR we rely on the performance of our contract with you, on our legitimate interests in running and protecting the
          service, on your consent where we ask for it (which you may withdraw at any time), and on legal obligations. We do not use your
          data for automated decisions that have legal or similarly significant effects on you.
        </p>
      </>
    ),
  },
  {
    id: "information-sharing-and-disclosure",
    title: "Information Sharing and Disclosure",
    body: (
      <>
        <p>We do not sell your personal information, and we do not share it for cross-context behavioural advertising. We share it only:</p>
        <List
          items={[
            "With the other party of an introduction, and only after both of you have agreed to it.",
            "With service providers who host our systems, deliver e-mail, authenticate sign-ins or process payments, under contracts that allow them to use the data only to provide their service to us.",
            "When the law requires it, or to protect the rights, property or safety of our users, the public or Introbase.",
            "With a buyer or successor if Introbase is involved in a merger, acquisition or sale of assets, who will remain bound by this policy.",
            "With anyone else, only with your consent.",
          ]}
        />
      </>
    ),
  },
  {
    id: "data-security",
    title: "Data Security",
    body: (
      <p>
        Data is encrypted in transit with TLS. Access to our systems is limited to people who need it, administrative tools require an
        administrator account, and administrative actions are recorded in an audit log. Passwords are stored only as salted hashes, and
        sessions are kept on our servers rather than in your browser. No system is perfectly secure; if a breach affects your personal data,
        we will notify you and the authorities as the law requires.
      </p>
    ),
  },
  {
    id: "your-rights-and-choices",
    title: "Your Rights and Choices",
    body: (
      <>
        <p>Depending on where you live, you have the right to:</p>
        <List
          items={[
            <>
              Access the personal data we hold about you and receive a copy in a portable format: signed in, choose{" "}
              <strong>Download my data</strong> in Settings for one JSON file with everything we keep about you.
            </>,
            "Correct data that is inaccurate or incomplete.",
            <>
              Delete your account and personal data: choose <strong>Delete my account</strong> in Settings. The page tells you exactly what
              happens before you confirm; see Data Retention below.
            </>,
            "Restrict or object to certain processing, and withdraw consent you have given.",
            "Know what categories of personal information we collect, use and disclose (California residents), and opt out of its sale or sharing, which we do not do.",
          ]}
        />
        <p>
          To exercise a right, write to {mail}. We will verify your request and reply within one month (45 days for requests under the
          CCPA). We will not treat you differently for exercising your rights. You may also complain to your local data protection
          authority.
        </p>
      </>
    ),
  },
  {
    id: "linkedin-integration",
    title: "LinkedIn Integration",
    body: (
      <>
        <p>
          If you choose &ldquo;Continue with LinkedIn&rdquo;, LinkedIn shares your name, e-mail address, profile picture and a LinkedIn
          member identifier with us, through its OpenID Connect sign-in, after you approve it. We use this data only to create your account,
          sign you in and show your name and picture in the service.
        </p>
        <p>
          We do not post on your behalf, read your connections or messages, combine LinkedIn data with data from other sources to build
          profiles, or use it for advertising, and we never sell it. We keep it only as long as your account exists. You can revoke our
          access at any time in your LinkedIn privacy settings; deleting your Introbase account removes the data we received.
        </p>
      </>
    ),
  },
  {
    id: "cookies-and-tracking",
    title: "Cookies and Tracking",
    body: (
      <p>
        We use only cookies that the service needs to work: a session cookie that keeps you signed in, a security cookie that protects forms
        against cross-site request forgery, and short-lived cookies that complete a sign-in. We do not use advertising cookies, third-party
        analytics or cross-site tracking, and our pages load no scripts from other companies. If that changes, we will update this policy
        and ask for your consent where the law requires. You can block or delete cookies in your browser, but you will not be able to sign
        in.
      </p>
    ),
  },
  {
    id: "data-retention",
    title: "Data Retention",
    body: (
      <>
        <p>
          We keep personal data for as long as your account is active or as needed to provide the service. When you delete your account, we
          remove your personal data within 30 days; in practice it takes minutes:
        </p>
        <List
          items={[
            "At once, you are signed out on every device, your password and your Google or LinkedIn sign-in stop working for the account, your API keys stop working, your subscription ends, and introduction requests and applications still waiting for an answer are withdrawn. Your e-mail address is free at once: signing up with it again makes a new, empty account.",
            "Then we delete your profile, saved searches and their alerts, follows, usage history, introduction requests, sign-in records and the e-mails we sent you.",
            'Where a record must stay for others (applications you sent, duplicate reports, the audit log, copies of e-mails sent to other people), your name, e-mail address and account identifier are removed from it; the audit log says "a deleted member". If your address is a listing\'s contact address, we remove it from the listing.',
            "We keep what the law requires us to keep, such as the history of plans and payments, for the period it requires, without anything that identifies you.",
            "We send one e-mail to your address to confirm the deletion, and nothing more to it afterwards.",
          ]}
        />
        <p>Data in anonymised or aggregated form that can no longer identify you may remain. Server logs are deleted on a rolling basis.</p>
      </>
    ),
  },
  {
    id: "international-data-transfers",
    title: "International Data Transfers",
    body: (
      <p>
        We and our service providers may process personal data in countries other than yours, including the United States. When we transfer
        data out of the European Economic Area, the United Kingdom or Switzerland, we rely on an adequacy decision or on the European
        Commission&apos;s Standard Contractual Clauses (with the UK Addendum where it applies), together with additional safeguards where
        needed.
      </p>
    ),
  },
  {
    id: "childrens-privacy",
    title: "Children's Privacy",
    body: (
      <p>
        Introbase is a service for professionals and is not intended for anyone under 16. We do not knowingly collect personal data from
        children under 16. If you believe a child has given us personal data, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: "changes-to-this-policy",
    title: "Changes to This Policy",
    body: (
      <p>
        We may update this policy as the service or the law changes. We will change the &ldquo;last updated&rdquo; date above and, for
        material changes, tell you by e-mail or by a notice in the service before the changes take effect.
      </p>
    ),
  },
  {
    id: "contact-information",
    title: "Contact Information",
    body: <p>For questions about this policy or your personal data, or to exercise your rights, write to {mail}.</p>,
  },
];

export function PrivacyPolicyPage() {
  return <LegalPage id="privacy" title="Privacy Policy" navLabel="Policy sections" date={POLICY_DATE} sections={SECTIONS} />;
}
