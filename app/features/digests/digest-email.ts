/**
 * The digest e-mail (decision 0062), pure: the sections with absolute links, then how to stop them, as blocks the
 * mailer renders into its text and HTML parts (decision 0074). Every value in it comes from a section, which is made
 * from what the member's tier may see.
 */
import type { DigestCadence } from "#db/values/saved-searches.ts";
import { footer, list, paragraph, type EmailBlock, type EmailBody } from "~/lib/email-body.ts";
import { periodLabel } from "./digest-periods.ts";
import type { DigestPeriod, DigestSection } from "./digest-section.ts";

export interface DigestLinks {
  /** The site's origin, e.g. https://introbase.example: section urls are paths on it. */
  site: string;
  /** One line per saved search: its name and its own unsubscribe link. */
  stopSearch: Array<{ name: string; url: string }>;
  /** Turns off every alert of the member and their follow e-mails (also the List-Unsubscribe header). */
  stopAll: string;
}

/** Items shown per section; the heading says how many there are. */
export const ITEMS_PER_SECTION = 20;

export function itemCount(sections: readonly DigestSection[]): number {
  return sections.reduce((n, section) => n + section.items.length, 0);
}

function absolute(site: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${site}${url.startsWith("/") ? "" : "/"}${url}`;
}

export function digestEmail(input: {
  name: string;
  cadence: DigestCadence;
  period: DigestPeriod;
  sections: readonly DigestSection[];
  /** Why the member gets this digest: saved-search alerts of this cadence, follow changes, or both. */
  reasons: { savedSearches: boolean; follows: boolean };
  links: DigestLinks;
}): { subject: string; body: EmailBody } {
  const { name, cadence, period, sections, reasons, links } = input;
  const subject = `Your Introbase ${cadence} digest (${periodLabel(cadence, period)})`;
  const blocks: EmailBlock[] = [
    paragraph(`Hello ${name},`),
    paragraph(`Here is what is new for you on Introbase (${periodLabel(cadence, period)}).`),
  ];
  for (const section of sections) {
    const items = section.items.slice(0, ITEMS_PER_SECTION).map((item) => ({
      title: item.title,
      href: absolute(links.site, item.url),
      ...(item.detail ? { detail: item.detail } : {}),
    }));
    const more = section.items.length - ITEMS_PER_SECTION;
    blocks.push(list(section.heading, items, more > 0 ? `… and ${more} more.` : undefined));
  }
  const why = [reasons.savedSearches && "turned on alerts for saved searches", reasons.follows && "follow listings"].filter(Boolean);
  const lines = [`You get this e-mail because you ${why.join(" and ") || "asked for alerts"} on Introbase.`];
  for (const stop of links.stopSearch) lines.push(`Stop e-mails for "${stop.name}": ${stop.url}`);
  if (reasons.follows) lines.push(`Stop e-mails about listings you follow: ${links.site}/following`);
  const all = !reasons.follows
    ? "saved-search e-mails"
    : reasons.savedSearches
      ? "these e-mails (alerts and followed listings)"
      : "these e-mails";
  lines.push(`Stop all ${all}: ${links.stopAll}`);
  if (reasons.savedSearches) lines.push(`Manage your alerts: ${links.site}/settings#saved-searches`);
  blocks.push(footer(...lines));
  return { subject, body: blocks };
}
