/** The forms of leaving (decision 0077): what each posts, checked by the same schemas on the server. */
import { z } from "zod";
import type { FormResult } from "~/lib/form-parse.ts";

export const DELETE_ACCOUNT = "delete-account";
export const SEND_DELETION_LINK = "send-deletion-link";

export const deleteWithPasswordSchema = z.object({
  password: z.string().min(1, "Type your password to confirm.").max(128, "That is not the password of this account."),
});

export const deleteWithLinkSchema = z.object({
  token: z.string().min(1, "Open the link from our e-mail to confirm.").max(200, "This link is not valid."),
});

/** What a post to the deletion page answers: `intent` says which form, `target` the link's state when it was refused. */
export type DeleteAccountResult = FormResult<"password" | "token", { email: string }>;

/** Minutes an e-mailed confirmation link works. */
export const DELETION_LINK_MINUTES = 30;

/** Why a confirmation link cannot confirm, said the same on the page and in the refused post. */
export const LINK_REFUSED = {
  expired: `This link has expired: links work for ${DELETION_LINK_MINUTES} minutes. Ask for a new one below.`,
  invalid: "This link is not for this account, or it is incomplete. Open the newest link we sent, signed in as the account it is for.",
} as const;
