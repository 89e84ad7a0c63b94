import { Archive, ExternalLink, RotateCcw, UsersRound } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { toast } from "~/components/ui/toaster.tsx";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { TYPE_LABEL, type ListingType } from "../catalog/listing-types.ts";
import { NOTICES, type Notice } from "./notices.ts";
import { formatDateTime } from "~/lib/format-date.ts";

export interface EditorListing {
  id: string;
  name: string;
  type: ListingType;
  slug: string;
  status: string;
  featured: boolean;
  updatedAt: string;
  survivor: { id: string; name: string } | null;
}

/** The edit page's title, state, profile link and the archive or restore button (a form of its own). */
export function EditorHeader({ listing }: { listing: EditorListing }) {
  const busy = useNavigation().state !== "idle";
  const published = listing.status === "published";
  return (
    <header className="mt-4 flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight break-words">{listing.name}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-fg-muted">
          <Badge variant="outline">{TYPE_LABEL[listing.type]}</Badge>
          <Badge variant={published ? "accent" : "outline"}>{listing.status}</Badge>
          {listing.featured ? <Badge variant="featured">Featured</Badge> : null}
          <span>Updated {formatDateTime(listing.updatedAt)}</span>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {published ? (
          <Link
            to={`/profile/${listing.type}/${encodeURIComponent(listing.slug)}`}
            className={buttonClass({ variant: "secondary", size: "sm" })}
          >
            <ExternalLink aria-hidden="true" /> View profile
          </Link>
        ) : null}
        {/* Issue 36: who keeps the listing, granting and revoking it, and freezing the owners' self-editing. */}
        {published ? (
          <Link to={`/admin/listings/${listing.id}/owners`} className={buttonClass({ variant: "secondary", size: "sm" })}>
            <UsersRound aria-hidden="true" /> Owners
          </Link>
        ) : null}
        {listing.status === "merged" ? null : (
          <Form method="post">
            <input type="hidden" name="intent" value={published ? "archive" : "restore"} />
            <Button type="submit" variant="secondary" size="sm" disabled={busy}>
              {published ? <Archive aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
              {published ? "Archive" : listing.status === "archived" ? "Restore" : "Publish"}
            </Button>
          </Form>
        )}
      </div>
    </header>
  );
}

/** Why the page cannot be edited, or is hidden from visitors. */
export function StatusBanner({ listing }: { listing: EditorListing }) {
  if (listing.status === "merged") {
    return (
      <div role="note" className="mt-4 rounded-lg border border-border bg-surface-muted p-4 text-sm">
        This listing was merged into{" "}
        {listing.survivor ? (
          <Link to={`/admin/listings/${listing.survivor.id}`} className="font-medium text-accent underline">
            {listing.survivor.name}
          </Link>
        ) : (
          "another listing"
        )}
        . It is shown read-only; edit the listing it was merged into instead.
      </div>
    );
  }
  if (listing.status !== "published") {
    return (
      <div role="note" className="mt-4 rounded-lg border border-border bg-surface-muted p-4 text-sm">
        {listing.status === "archived" ? "Archived" : `Status “${listing.status}”`}: hidden from the directory, and its profile answers “not
        found” until it is {listing.status === "archived" ? "restored" : "published"}.
      </div>
    );
  }
  return null;
}

/**
 * The notice after a redirect. With JavaScript it becomes a toast and leaves the address (a reload does not
 * repeat it); without, it is a banner at the top of the page.
 */
export function EditorNotice({ notice }: { notice: Notice | null }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { pathname, search, key } = useLocation();
  const toastedAt = useRef<string | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(search);
    // Once per arrival at the address that carries the notice: the effect can run again before the address loses it
    // (a revalidation on a busy machine), and loader data can still hold it after the address has lost it.
    if (!notice || !params.has("notice") || toastedAt.current === key) return;
    toastedAt.current = key;
    toast({ title: NOTICES[notice] });
    params.delete("notice");
    const rest = params.toString();
    navigate({ pathname, search: rest ? `?${rest}` : "" }, { replace: true, preventScrollReset: true });
  }, [notice, navigate, pathname, search, key]);
  if (hydrated || !notice) return null;
  return (
    <p role="status" className="mt-4 rounded-lg border border-success p-3 text-sm">
      {NOTICES[notice]}
    </p>
  );
}
