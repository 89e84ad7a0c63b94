import { Link } from "react-router";
import { LegalList, LegalPage, MailLink, type LegalSection } from "~/components/layout/legal-page.tsx";

const TERMS_DATE = { iso: "2026-11-24", text: "November 24, 2026" } as const;
const CONTACT_EMAIL = "legal@introbase.com";

const link = "font-medium text-accent underline underline-offset-4";
const mail = <MailLink address={CONTACT_EMAIL} />;

/**
 * Plain terms for what the product actually does: a directory with tiers, reviewed introductions, feature and pilot
 * applications, CSV exports within a plan. Nothing here promises what the product does not do.
 */
const SECTIONS: LegalSection[] = [
  {
    id: "agreement",
    title: "Agreement",
    body: (
      <p>
        These terms are an agreement between you and Introbase (&ldquo;Introbase&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;) about your use
        of the Introbase website and services. By using the site or signing in, you agree to them. If you use Introbase for a company, you
        confirm that you may accept these terms for it. Our{" "}
        <Link to="/privacy-policy" className={link}>
          Privacy Policy
        </Link>{" "}
        explains how we handle personal data and is part of these terms.
      </p>
    ),
  },
  {
    id: "the-service",
    title: "The Service",
    body: (
      <>
        <p>
          Introbase is a directory of startups, investors and local partners. Anyone can browse public listings. Signing in gives you a
          settings page and an access tier that decides which listings and fields you can see and how many company profiles you can open
          each month. We also review requests for introductions and applications to be featured or to join our pilot programme.
        </p>
        <p>
          We improve the service over time, so features, limits and listings change. Listing information comes from the companies
          themselves, from public sources and from data providers; we check it with care but cannot promise that every detail is complete or
          current.
        </p>
      </>
    ),
  },
  {
    id: "accounts",
    title: "Accounts",
    body: (
      <LegalList
        items={[
          "You must be at least 16 and use the service for professional purposes.",
          "Keep your sign-in details to yourself and tell us at once if you think someone else has used your account. You are responsible for what happens under it.",
          "Give us accurate information, including your name and e-mail address; an introduction made under a false identity will be withdrawn.",
          "One person per account: accounts may not be shared or resold.",
        ]}
      />
    ),
  },
  {
    id: "plans-and-payment",
    title: "Plans and Payment",
    body: (
      <>
        <p>
          Browsing is free. Paid plans unlock more listings, fields and features, and raise the monthly limits; what each plan includes and
          costs is shown when you choose it. Plans are billed monthly in advance and you can cancel at any time: you keep your plan until
          the end of the month you paid for, and it is not renewed after that. If the plan you bought came with a money-back guarantee, we
          honour it when you ask within its period.
        </p>
        <p>
          Monthly limits (company views, exports and others) reset at the start of each calendar month (UTC). Unused units do not carry
          over. We may change prices for future months; we will tell you before a change applies to you, and you can cancel before it does.
        </p>
      </>
    ),
  },
  {
    id: "introductions",
    title: "Introductions",
    body: (
      <>
        <p>
          Introductions are consent-based. When you ask for one, we review your request and ask the other side before anyone is introduced.
          We may decline a request without giving a reason, and the other side may decline it too. We do not guarantee that a request leads
          to an introduction, a meeting or a deal.
        </p>
        <p>
          Write your requests honestly and for a real business purpose. Do not use introductions to send advertising, bulk messages or
          anything the recipient did not ask for.
        </p>
      </>
    ),
  },
  {
    id: "your-content",
    title: "Your Content",
    body: (
      <p>
        When you apply to be featured, or send us a listing, logo or message, you confirm that you may share it and you allow us to show it
        in the directory and use it to run the service for as long as it is listed. You can ask us to correct or remove your listing at any
        time. We may edit listings for accuracy and consistency, and may decline or remove any listing.
      </p>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable Use",
    body: (
      <>
        <p>You may not:</p>
        <LegalList
          items={[
            "copy the directory in bulk, scrape it or access it with automated tools other than the exports and API your plan includes;",
            "resell, republish or share exported data outside your own organisation, or use it to build a competing directory;",
            "get around tier limits, locks or monthly quotas, or help others do so;",
            "send spam, harass anyone listed, or use contact details for purposes other than a legitimate business introduction;",
            "probe, overload or attack the service, or interfere with other users' access to it;",
            "break the law, or infringe anyone's rights, while using the service.",
          ]}
        />
      </>
    ),
  },
  {
    id: "exports",
    title: "Exports",
    body: (
      <p>
        Plans that include exports let you download the directory results you can see as a CSV file, within your plan&apos;s monthly limit.
        An export contains only what your plan lets you see on the site. Exported data is for your own organisation&apos;s business use and
        is covered by the acceptable-use rules above; handle any personal data in it lawfully.
      </p>
    ),
  },
  {
    id: "ending-your-use",
    title: "Ending Your Use",
    body: (
      <p>
        You can stop using Introbase and ask us to delete your account at any time, by writing to {mail}. We may suspend or close an account
        that breaks these terms, or that we must close by law; when we can, we will tell you why first. If we close a paid account for a
        reason other than a breach of these terms, we refund the unused part of the month.
      </p>
    ),
  },
  {
    id: "disclaimers",
    title: "Disclaimers",
    body: (
      <p>
        The service and its listings are provided &ldquo;as is&rdquo;. Listings describe companies; they are not investment, legal or
        financial advice, and you should check anything you rely on. To the extent the law allows, we make no promises about the service
        beyond those in these terms.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Liability",
    body: (
      <p>
        To the extent the law allows, we are not liable for indirect or consequential losses, such as lost profits or opportunities, and our
        total liability to you for any claim is limited to the amount you paid us in the twelve months before it arose. Nothing in these
        terms limits liability that cannot be limited by law, such as for fraud, or your rights as a consumer where they apply.
      </p>
    ),
  },
  {
    id: "changes-to-these-terms",
    title: "Changes to These Terms",
    body: (
      <p>
        We may update these terms as the service or the law changes. We will change the &ldquo;last updated&rdquo; date above and, for
        material changes, tell you by e-mail or by a notice in the service before they take effect. If you do not agree to a change, you can
        stop using the service and cancel your plan before it applies.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: <p>For questions about these terms, write to {mail}.</p>,
  },
];

export function TermsPage() {
  return <LegalPage id="terms" title="Terms of Service" navLabel="Terms sections" date={TERMS_DATE} sections={SECTIONS} />;
}
