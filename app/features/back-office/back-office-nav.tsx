import {
  BadgeCheck,
  Download,
  GitMerge,
  Activity,
  Handshake,
  Layers,
  List,
  ListTree,
  Mail,
  MailPlus,
  PencilLine,
  PlugZap,
  Rocket,
  ScanSearch,
  ScrollText,
  Star,
  Users,
} from "lucide-react";
import { Link } from "react-router";

/**
 * Every back-office section, in the order an operator's day goes: the data, its quality, the requests, the records, and
 * last the site's own health.
 */
const BACK_OFFICE_SECTIONS = [
  { href: "/admin/listings", label: "Listings", icon: List },
  { href: "/admin/listing-changes", label: "Listing changes", icon: PencilLine },
  { href: "/admin/reference", label: "Reference lists", icon: ListTree },
  { href: "/admin/tiers", label: "Tier records", icon: Layers },
  { href: "/admin/members", label: "Members", icon: Users },
  { href: "/admin/imports", label: "Imports", icon: Download },
  { href: "/debug/leads-on-trees", label: "Lead provider debugger", icon: PlugZap },
  { href: "/admin/duplicate-management", label: "Duplicate management", icon: GitMerge },
  { href: "/debug/duplicate-detection", label: "Duplicate detection tool", icon: ScanSearch },
  { href: "/admin/intros", label: "Introduction requests", icon: Handshake },
  { href: "/admin/claims", label: "Listing claims", icon: BadgeCheck },
  { href: "/admin/applications", label: "Feature applications", icon: Star },
  { href: "/admin/pilot-applications", label: "Pilot applications", icon: Rocket },
  { href: "/admin/outbox", label: "Outbox", icon: Mail },
  { href: "/admin/digests", label: "Alert digests", icon: MailPlus },
  { href: "/admin/audit-log", label: "Audit log", icon: ScrollText },
  { href: "/admin/system", label: "System status", icon: Activity },
] as const;

export function BackOfficeNav() {
  return (
    <nav aria-label="Back-office sections">
      <ul className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 sm:grid-cols-3 lg:grid-cols-5">
        {BACK_OFFICE_SECTIONS.map(({ href, label, icon: Icon }) => (
          <li key={href}>
            <Link
              to={href}
              className="flex h-full items-center gap-2 rounded-lg border border-border bg-surface-raised px-3 py-2 text-sm font-medium hover:border-accent hover:bg-accent-soft"
            >
              <Icon aria-hidden="true" className="size-4 shrink-0 text-accent" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
