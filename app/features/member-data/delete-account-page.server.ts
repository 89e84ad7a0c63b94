/**
 * The /settings/delete-account page's server side (decision 0077): what the page shows (what happens, in plain words,
 * and how this account confirms), and its two forms: "E-mail me a confirmation link" for an account without a
 * password, and "Delete my account", which checks the re-authentication, deletes, clears the browser's session
 * cookies and sends the browser to /account-deleted. The account is always the signed-in one: no form names an account.
 */
import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { accounts } from "#db/schema/accounts.ts";
import { getPlanCatalogue } from "~/features/access/tier-records.server.ts";
import { liveSubscriptionOf } from "~/features/billing/checkout.server.ts";
import { getAuth } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { parseForm } from "~/lib/form-parse.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { deleteAccount } from "./delete-account.server.ts";
import {
  checkDeletionToken,
  countDeletionAttempt,
  deletionMethod,
  isAccountPassword,
  sendDeletionLink,
  type DeletionMethod,
  type TokenState,
} from "./deletion-proof.server.ts";
import { DELETE_ACCOUNT, deleteWithLinkSchema, deleteWithPasswordSchema, LINK_REFUSED, SEND_DELETION_LINK } from "./leave-forms.ts";
import { whatHappens } from "./leaving-words.ts";

export interface DeleteAccountPageData {
  email: string;
  method: DeletionMethod;
  /** What happens, line by line, for this account. */
  happens: string[];
  /** The e-mailed link this page was opened with, and whether it can confirm. */
  link: { state: TokenState; token: string } | null;
}

const WRONG_PASSWORD = "That is not the password of this account.";

export async function deleteAccountPageData(database: Database, user: SessionUser, token: string | null): Promise<DeleteAccountPageData> {
  const [method, catalogue, providers, subscription] = await Promise.all([
    deletionMethod(database, user.id),
    getPlanCatalogue(database),
    database.db.selectDistinct({ id: accounts.providerId }).from(accounts).where(eq(accounts.userId, user.id)),
    liveSubscriptionOf(database, user.id),
  ]);
  const plan = { name: catalogue[user.tier].name, paid: user.tier !== "public", atProvider: subscription !== null };
  return {
    email: user.email,
    method,
    happens: whatHappens({ email: user.email, plan, providers: providers.map((p) => p.id) }),
    link: token === null ? null : { state: await checkDeletionToken(database, user, token), token },
  };
}

/** Set-Cookie values that remove Better Auth's session cookies from the browser (the sessions are gone already). */
async function expiredSessionCookies(database: Database): Promise<Headers> {
  const { authCookies } = await getAuth(database).$context;
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken]) {
    const { path = "/", secure, sameSite = "lax" } = cookie.attributes as { path?: string; secure?: boolean; sameSite?: string };
    headers.append("Set-Cookie", `${cookie.name}=; Path=${path}; Max-Age=0; HttpOnly; SameSite=${sameSite}${secure ? "; Secure" : ""}`);
  }
  return headers;
}

export async function deleteAccountAction(database: Database, user: SessionUser, form: Record<string, unknown>) {
  const intent = form.intent;
  const method = await deletionMethod(database, user.id);
  if (intent === SEND_DELETION_LINK) {
    if (method !== "email-link") {
      return formRefused<"password">("bad_request", { intent, message: "This account confirms with its password: type it below." });
    }
    try {
      await sendDeletionLink(database, user);
    } catch (error) {
      return formRefusedBy<"password", { email: string }>(error, { intent });
    }
    return formDone<"password", { email: string }>({ intent, data: { email: user.email } });
  }
  if (intent !== DELETE_ACCOUNT) return formRefused("bad_request", { message: "Unknown action." });
  try {
    await countDeletionAttempt(database, user.id);
  } catch (error) {
    return formRefusedBy<"password" | "token">(error, { intent });
  }
  const refusal = method === "password" ? await refusePassword(database, user, form) : await refuseLink(database, user, form);
  if (refusal) return refusal;
  const headers = await expiredSessionCookies(database);
  try {
    await deleteAccount(database, user.id);
  } catch (error) {
    return formRefusedBy<"password" | "token">(error, { intent });
  }
  return redirect("/account-deleted", { headers });
}

async function refusePassword(database: Database, user: SessionUser, form: Record<string, unknown>) {
  const parsed = parseForm(deleteWithPasswordSchema, form);
  if (!parsed.ok)
    return formRefused<"password">("bad_request", { intent: DELETE_ACCOUNT, errors: parsed.errors, message: parsed.errors.password });
  if (!(await isAccountPassword(database, user.id, parsed.data.password))) {
    return formRefused<"password">("bad_request", {
      intent: DELETE_ACCOUNT,
      errors: { password: WRONG_PASSWORD },
      message: WRONG_PASSWORD,
    });
  }
  return null;
}

async function refuseLink(database: Database, user: SessionUser, form: Record<string, unknown>) {
  const parsed = parseForm(deleteWithLinkSchema, form);
  const state = parsed.ok ? await checkDeletionToken(database, user, parsed.data.token) : "invalid";
  if (state === "valid") return null;
  return formRefused<"token">("conflict", { intent: DELETE_ACCOUNT, target: state, message: LINK_REFUSED[state] });
}
