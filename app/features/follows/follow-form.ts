/** The follow and unfollow form (posted to /following without JavaScript): one schema for the page action. */
import { z } from "zod";

export const FollowForm = z.object({
  intent: z.enum(["follow", "unfollow"], { error: "Choose follow or unfollow." }),
  listingId: z.uuid({ error: "This is not a listing of the directory." }),
  /** Where the browser goes back to once done (a path of ours, checked by safeReturnTo). */
  returnTo: z.string().max(2000).catch(""),
});
