import { Bell, BellRing } from "lucide-react";
import { Link, useFetcher, useLocation, useMatches } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { useCurrentUser } from "~/lib/use-current-user.ts";
import type { FollowState } from "./follows.server.ts";

/** The follow state a page's loader sent for this listing (the profile sends `follow`), if any. */
function useFollowState(listingId: string): FollowState | null {
  for (const match of useMatches()) {
    const follow = (match.loaderData as { follow?: FollowState | null } | undefined)?.follow;
    if (follow?.listingId === listingId) return follow;
  }
  return null;
}

type Answer = { following?: boolean; error?: string };

/**
 * Follow / Following on a profile (issue 18 §3). Without JavaScript a form posts to /following and comes back here;
 * with it the JSON API is called through a fetcher and the button changes at once (the page's data then follows).
 * Signed out, it leads to sign-in and back.
 */
export function FollowButton({ listing, className }: { listing: { id: string; name: string }; className?: string }) {
  const user = useCurrentUser();
  const { pathname, search } = useLocation();
  const state = useFollowState(listing.id);
  const fetcher = useFetcher<Answer>();
  if (!user) {
    return (
      <Link to={`/sign-in?returnTo=${encodeURIComponent(pathname + search)}`} className={buttonClass({ variant: "secondary", className })}>
        <Bell aria-hidden="true" />
        Follow
      </Link>
    );
  }
  if (!state) return null;
  const pending = fetcher.state !== "idle" && fetcher.formMethod !== undefined;
  const following = pending ? fetcher.formMethod?.toUpperCase() === "POST" : (fetcher.data?.following ?? state.following);
  const error = !pending ? fetcher.data?.error : undefined;
  return (
    <form
      method="post"
      action="/following"
      className="contents"
      onSubmit={(event) => {
        event.preventDefault();
        if (following) void fetcher.submit(null, { method: "DELETE", action: `/api/follows/${listing.id}` });
        else void fetcher.submit({ listingId: listing.id }, { method: "POST", action: "/api/follows", encType: "application/json" });
      }}
    >
      <input type="hidden" name="intent" value={following ? "unfollow" : "follow"} />
      <input type="hidden" name="listingId" value={listing.id} />
      <input type="hidden" name="returnTo" value={pathname + search} />
      <Button
        type="submit"
        variant="secondary"
        className={className}
        aria-pressed={following}
        title={following ? `Unfollow ${listing.name}` : undefined}
      >
        {following ? <BellRing aria-hidden="true" /> : <Bell aria-hidden="true" />}
        {following ? "Following" : "Follow"}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}{" "}
          {/cap|most your plan/.test(error) ? (
            <Link to="/following" className="underline">
              Manage followed listings
            </Link>
          ) : null}
        </p>
      ) : null}
    </form>
  );
}
