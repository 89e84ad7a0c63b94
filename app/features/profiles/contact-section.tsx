import { Mail, MapPin, Phone } from "lucide-react";
import type { CONTACT_FIELDS, VisibleListing } from "~/features/catalog/listing-types.ts";
import { contactLocks } from "./gated-sections.ts";
import { LockedFieldSection } from "./locked-section.tsx";
import { Section } from "./profile-layout.tsx";

const SUBJECTS: Record<(typeof CONTACT_FIELDS)[number], string> = {
  hqStreet: "the street address",
  hqCity: "the city",
  hqRegion: "the region",
  hqPostalCode: "the postal code",
  phone: "the phone number",
  contactEmail: "the contact e-mail",
};

const subjectOf = (fields: readonly (typeof CONTACT_FIELDS)[number][]) =>
  new Intl.ListFormat("en", { type: "conjunction" }).format(fields.map((field) => SUBJECTS[field]));

/**
 * Headquarters address, phone and contact e-mail (decision 0066). What the viewer may see is drawn; the locked
 * fields are drawn as gated-sections.ts counts them (alike locks share one section), so the paywalled-section count
 * matches what the server withheld. The page's loader sends the phone grouped for reading; the link dials its digits.
 */
export function ContactSection({ listing }: { listing: VisibleListing }) {
  const locks = contactLocks(listing.lockedFields);
  const locality = [listing.hqCity, [listing.hqRegion, listing.hqPostalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const address = [listing.hqStreet, locality, listing.countries.length === 1 ? listing.countries[0] : null].filter(Boolean);
  if (!locks.length && !listing.hqStreet && !locality && !listing.phone && !listing.contactEmail) return null;
  return (
    <Section title="Contact & Location" icon={MapPin} updated={listing.provenance?.contact}>
      <div className="flex flex-col gap-3 text-sm" data-contact-section="">
        {address.length ? (
          <address className="flex gap-2 not-italic">
            <MapPin className="mt-0.5 size-4 shrink-0 text-fg-muted" aria-hidden="true" />
            <span>
              {address.map((line, i) => (
                <span key={i} className="block">
                  {line}
                </span>
              ))}
            </span>
          </address>
        ) : null}
        {listing.phone ? (
          <p className="flex items-center gap-2">
            <Phone className="size-4 shrink-0 text-fg-muted" aria-hidden="true" />
            <a href={`tel:${listing.phone.replace(/[^+\d]/g, "")}`} className="underline-offset-2 hover:underline">
              {listing.phone}
            </a>
          </p>
        ) : null}
        {listing.contactEmail ? (
          <p className="flex items-center gap-2">
            <Mail className="size-4 shrink-0 text-fg-muted" aria-hidden="true" />
            <a href={`mailto:${listing.contactEmail}`} className="break-all underline-offset-2 hover:underline">
              {listing.contactEmail}
            </a>
          </p>
        ) : null}
        {locks.map(({ fields, lock }) => (
          <LockedFieldSection key={fields.join()} lock={lock} subject={subjectOf(fields)} />
        ))}
      </div>
    </Section>
  );
}
