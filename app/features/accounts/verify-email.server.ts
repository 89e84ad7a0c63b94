/**
 * The verification link of a password sign-up (DESIGN D15) as two workflows (issue 35, decision 0109): what the page
 * shows for a link, and confirming it. Opening the link only shows what it is (a mail scanner fetching it must not
 * confirm anything); confirming takes the account's password, signs the browser in and sends the introduction
 * requests that waited for the address to review, in that order: a request goes to review only for an address
 * that was proven.
 */
import type { VerifyPageState } from "~/features/accounts/verify-email-page.tsx";
import { listMyIntroRequests, sendWaitingRequestsToReview } from "~/features/introductions/intro-requests.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { confirmAddress, readVerificationLink, type VerificationLink } from "./address-verification.server.ts";

/** The page for `/verify-email?token=…` (the link), or `?confirmed=1` once confirmed (its requests now in review). */
export async function verifyEmailPage(
  database: Database,
  { query, user }: { query: URLSearchParams; user: { id: string; name: string } | null },
): Promise<VerifyPageState> {
  if (query.get("confirmed") === "1") {
    const inReview = user ? (await listMyIntroRequests(database, user.id)).filter((r) => r.status === "pending_review") : [];
    return { state: "confirmed", name: user?.name ?? null, inReview: inReview.map((r) => r.recipientName) };
  }
  const token = query.get("token") ?? "";
  const link = await readVerificationLink(database, token);
  if (link.state === "invalid") return { state: "invalid" };
  if (link.state === "used") return { state: "used", email: link.email };
  // The token goes back into the page's form, so confirming works without JavaScript.
  return { state: link.state, email: link.email, token };
}

export type ConfirmLinkOutcome =
  | { ok: true; cookies: string[]; sentToReview: string[] }
  /** The password is not the account's: said beside the field; the link stays open. */
  | { ok: false; code: "bad_request"; passwordError: string }
  /** The link is no longer open (expired, used, or not ours): the page says which. */
  | { ok: false; code: "conflict"; link: Exclude<VerificationLink["state"], "open"> };

/** Confirms the address with the account's password, then sends its waiting requests to review; nothing on a refusal. */
export async function confirmLinkAndSendRequests(
  database: Database,
  { token, password, headers, now }: { token: string; password: string; headers: Headers; now?: number },
): Promise<ConfirmLinkOutcome> {
  const result = await confirmAddress(database, { token, password, headers, now });
  if (!result.ok) {
    if ("passwordError" in result) return { ok: false, code: "bad_request", passwordError: result.passwordError };
    return { ok: false, code: "conflict", link: result.link.state };
  }
  const sentToReview = await sendWaitingRequestsToReview(database, result.userId);
  return { ok: true, cookies: result.cookies, sentToReview };
}
