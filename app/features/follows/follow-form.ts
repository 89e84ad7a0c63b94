/** The forms posted to /following without JavaScript: follow or unfollow a listing, and follow e-mails on or off. */
import { z } from "zod";

/** Where the browser goes back to once done (a path of ours, checked by safeReturnTo). */
const returnTo = z.string().max(2000).catch("");

export const FollowForm = z.object({
  intent: z.enum(["follow", "unfollow"], { error: "Choose follow or unfollow." }),
  listingId: z.uuid({ error: "This is not a listing of the directory." }),
  returnTo,
});

export const FOLLOW_EMAILS_INTENT = "follow-emails";

export const FollowEmailsForm = z.object({
  intent: z.literal(FOLLOW_EMAILS_INTENT),
  emails: z.enum(["on", "off"], { error: "Choose whether to get e-mails about the listings you follow." }),
  returnTo,
});

/** A team's follows and a member's team digest switch (issue 37, decision 0121), posted to /following. */
export const TEAM_FOLLOW_INTENTS = ["team-follow", "team-unfollow"] as const;
export const TEAM_DIGEST_INTENT = "team-digest";

export const TeamFollowForm = z.object({
  intent: z.enum(TEAM_FOLLOW_INTENTS),
  teamId: z.uuid({ error: "You are not in this team." }),
  listingId: z.uuid({ error: "This is not a listing of the directory." }),
  returnTo,
});

export const TeamDigestForm = z.object({
  intent: z.literal(TEAM_DIGEST_INTENT),
  teamId: z.uuid({ error: "You are not in this team." }),
  digest: z.enum(["on", "off"], { error: "Choose whether to get the team's digest." }),
  returnTo,
});
