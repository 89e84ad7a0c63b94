import { ListPlus } from "lucide-react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { addToListHref } from "~/features/directory/ui/results-grid.tsx";
import { useCurrentUser } from "~/lib/use-current-user.ts";

/**
 * "Add to list" beside Follow on a profile (issue 37, decision 0120): a link to the page that asks which list, coming
 * back here. A link rather than a menu of lists, so it works without JavaScript and the profile's loader reads no
 * lists. Signed out, nothing: Follow already leads to sign-in.
 */
export function AddToListLink({ listing, className }: { listing: { id: string; name: string }; className?: string }) {
  const user = useCurrentUser();
  const { pathname, search } = useLocation();
  if (!user) return null;
  return (
    <Link to={addToListHref([listing.id], pathname + search)} className={buttonClass({ variant: "secondary", className })}>
      <ListPlus aria-hidden="true" />
      Add to list<span className="sr-only">: {listing.name}</span>
    </Link>
  );
}
