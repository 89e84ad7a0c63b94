import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { plural } from "~/lib/wording.ts";
import { FollowEmailsControl } from "./follow-emails-control.tsx";
import type { FollowedListing } from "./follows.server.ts";

/** The settings page's section (issue 18 §3): how many listings the member follows, the latest few, and the page. */
export function FollowingSection({ items, count, cap, emails }: { items: FollowedListing[]; count: number; cap: number; emails: boolean }) {
  return (
    <Card id="following" className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold">Following</h2>
      <p className="mt-1 text-sm text-fg-muted">
        You follow {plural(count, "listing")} of the {cap} your plan allows.{" "}
        {emails ? "What changes on them goes into your digest e-mail." : "E-mails about their changes are off."}
      </p>
      <div className="mt-3">
        <FollowEmailsControl emails={emails} returnTo="/settings#following" />
      </div>
      {items.length ? (
        <ul className="mt-3 grid gap-1 text-sm">
          {items
            .filter((item) => item.inDirectory)
            .slice(0, 5)
            .map((item) => (
              <li key={item.listingId}>
                <Link to={item.url} className="font-medium hover:underline">
                  {item.name}
                </Link>
              </li>
            ))}
        </ul>
      ) : null}
      <Link to="/following" className={buttonClass({ variant: "secondary", className: "mt-4" })}>
        Manage followed listings
      </Link>
    </Card>
  );
}
