import { Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { ListingLogo } from "~/features/catalog/listing-logo.tsx";
import { plural } from "~/lib/wording.ts";
import { FollowEmailsControl } from "./follow-emails-control.tsx";
import type { FollowedListing } from "./follows.server.ts";
import { FollowForTeamButtons, TeamFollowsSection, type TeamFollowsData } from "./team-follows-section.tsx";

export type FollowingData =
  { signedIn: false } | { signedIn: true; items: FollowedListing[]; count: number; cap: number; emails: boolean; team: TeamFollowsData };

/** /following: the listings a member follows, each with Unfollow (a plain form, so it works without JavaScript). */
export function FollowingPage({ data, refusal }: { data: FollowingData; refusal: string | null }) {
  const navigation = useNavigation();
  if (!data.signedIn) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <p className="text-lg">Sign in to follow listings and see what changes on them.</p>
        <Link to="/sign-in?returnTo=%2Ffollowing" className={buttonClass({ className: "mt-6" })}>
          Sign In
        </Link>
      </div>
    );
  }
  // The listing being unfollowed leaves the list at once; it comes back if the server refuses.
  const leaving = navigation.formData?.get("intent") === "unfollow" ? navigation.formData.get("listingId") : null;
  const items = data.items.filter((item) => item.listingId !== leaving);
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Following</h1>
        <p className="mt-1 text-sm text-fg-muted">
          You follow {plural(data.count, "listing")} of the {data.cap} your plan allows. Changes you may see (a new funding round, the
          stage, the team, the description) go into your digest e-mail: daily if you have a daily saved-search alert, else weekly.
        </p>
      </div>
      <Card className="p-4 sm:px-6">
        <FollowEmailsControl emails={data.emails} returnTo="/following" />
      </Card>
      {refusal ? (
        <p role="alert" className="rounded-md border border-danger/40 p-3 text-sm text-danger">
          {refusal}
        </p>
      ) : null}
      <Card className="p-5 sm:p-6">
        {items.length === 0 ? (
          <p className="text-sm text-fg-muted">
            You follow no listings yet. Open a profile in the{" "}
            <Link to="/listings" className="text-accent underline">
              directory
            </Link>{" "}
            and choose Follow.
          </p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Followed listings">
            {items.map((item) => (
              <li key={item.listingId} className="flex items-center justify-between gap-4 py-3">
                <div className="flex min-w-0 items-center gap-3">
                  <ListingLogo name={item.name} slug={item.slug} logo={item.logo} size="sm" lazy />
                  <div className="min-w-0">
                    {item.inDirectory ? (
                      <Link to={item.url} className="font-medium hover:underline">
                        {item.name}
                      </Link>
                    ) : (
                      <span className="font-medium">{item.name}</span>
                    )}
                    {item.tagline ? <p className="truncate text-sm text-fg-muted">{item.tagline}</p> : null}
                    {!item.inDirectory ? (
                      <Badge variant="outline">No longer in the directory</Badge>
                    ) : item.locked ? (
                      <Badge variant="outline">Not open on your plan</Badge>
                    ) : null}
                  </div>
                </div>
                <div className="flex flex-wrap justify-end gap-2">
                  {item.inDirectory && !item.locked ? (
                    <FollowForTeamButtons listingId={item.listingId} name={item.name} data={data.team} />
                  ) : null}
                  <Form method="post" action="/following">
                    <input type="hidden" name="intent" value="unfollow" />
                    <input type="hidden" name="listingId" value={item.listingId} />
                    <input type="hidden" name="returnTo" value="/following" />
                    <Button type="submit" variant="secondary" size="sm">
                      Unfollow<span className="sr-only"> {item.name}</span>
                    </Button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <TeamFollowsSection data={data.team} />
    </div>
  );
}
