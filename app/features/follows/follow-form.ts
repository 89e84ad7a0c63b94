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
