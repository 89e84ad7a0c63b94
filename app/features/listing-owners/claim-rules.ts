/**
 * What an address proves about a listing (issue 36 "Claiming", decision 0114): an address at the listing's own
 * registrable domain, once its signed link is opened, proves the member belongs to the company. Some addresses cannot
 * prove it alone: a free-mail address (anyone can have one), an address at another domain, any address for a listing
 * with no website, and an address at a domain several published listings share (a group's brands, decision 0090:
 * one address there would open every brand). Those are offered the operator's review instead.
 */
import { z } from "zod";
import { isFreeMailDomain, registrableDomain } from "~/features/catalog/registrable-domain.ts";

export type AddressVerdict =
  { ok: true; domain: string } | { ok: false; reason: "free_mail" | "other_domain" | "no_website" | "shared_domain"; message: string };

/** The listing as the rule needs it: its website's registrable domain, and how many other published listings share it. */
export interface ClaimTarget {
  domain: string | null;
  othersOnDomain: number;
}

/** The registrable domain of an e-mail address ("jo@mail.acme.co.uk" is "acme.co.uk"), or null. */
function addressDomain(email: string): string | null {
  const at = email.lastIndexOf("@");
  return at > 0 ? registrableDomain(email.slice(at + 1)) : null;
}

const OPERATOR_ROUTE = "You can ask our team to check instead (below).";

/** Whether an address can prove ownership of the listing alone, and if not, the words to say beside the field. */
export function judgeClaimAddress(email: string, target: ClaimTarget): AddressVerdict {
  const domain = addressDomain(email.trim().toLowerCase());
  if (domain && isFreeMailDomain(domain)) {
    return {
      ok: false,
      reason: "free_mail",
      message: `An address at ${domain} cannot prove ownership alone: anyone can have one. Use your address at the company's domain. ${OPERATOR_ROUTE}`,
    };
  }
  if (!target.domain) {
    return {
      ok: false,
      reason: "no_website",
      message: `This listing has no website of its own, so no address can prove ownership alone. ${OPERATOR_ROUTE}`,
    };
  }
  if (domain !== target.domain) {
    // The listing's domain is not named: a listing the member may not open would otherwise tell its website.
    return { ok: false, reason: "other_domain", message: `That address is not at the domain of this listing's website. ${OPERATOR_ROUTE}` };
  }
  if (target.othersOnDomain > 0) {
    return {
      ok: false,
      reason: "shared_domain",
      message: `${target.domain} is the website of several listings (a group's brands), so an address there cannot prove ownership of one alone. ${OPERATOR_ROUTE}`,
    };
  }
  return { ok: true, domain };
}

const email = z
  .string()
  .trim()
  .min(1, "Enter an e-mail address.")
  .max(254, "At most 254 characters.")
  .pipe(z.email("Enter an e-mail address like name@company.com."))
  .transform((value) => value.toLowerCase());

export const DomainClaimForm = z.object({ email });

export const EvidenceClaimForm = z.object({
  role: z.string().trim().min(2, "Say what you do at the company.").max(120, "At most 120 characters."),
  evidence: z
    .string()
    .trim()
    .min(20, "Tell our team how they can check, in a sentence or two (at least 20 characters).")
    .max(2000, "At most 2,000 characters."),
  evidenceUrl: z
    .string()
    .trim()
    .max(500, "At most 500 characters.")
    .refine(
      (value) => value === "" || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value),
      "Enter a link starting with https://, or leave it empty.",
    ),
});

export const InviteForm = z.object({ email });

/** An operator's grant of ownership to a member, by the member's account address. */
export const OperatorGrantForm = z.object({ email });

export const ReasonForm = z.object({
  reason: z.string().trim().min(3, "Give a reason (at least 3 characters).").max(500, "At most 500 characters."),
});

export const ClaimDecisionForm = z.object({
  claimId: z.uuid("Choose a claim."),
  decision: z.enum(["approve", "reject"], "Choose approve or reject."),
  note: z.string().trim().max(1000, "At most 1,000 characters."),
});
