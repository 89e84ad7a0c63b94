/**
 * The "Sign-in and security" section of /settings (decision 0076): its loader data and its form intents (change of
 * password, of address, sessions, sign-in methods). Each form is a plain form posting to the settings page, so
 * everything works without JavaScript; a refused form answers beside its field and keeps what was typed, never a
 * password. The origin check in front of every POST (server/app.ts) is the forms' CSRF defence.
 */
import { redirect } from "react-router";
import type { Database } from "~/lib/db.server.ts";
import { parseForm, refused } from "~/lib/form-parse.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import {
  ADD_PASSWORD,
  CHANGE_EMAIL,
  CHANGE_PASSWORD,
  changeEmailSchema,
  changePasswordSchema,
  LINK_PROVIDER,
  providerSchema,
  REVOKE_OTHER_SESSIONS,
  REVOKE_SESSION,
  revokeSessionSchema,
  UNLINK_PROVIDER,
} from "./account-forms.ts";
import { requestEmailChange } from "./email-change.server.ts";
import { listMemberSessions, revokeMemberSession, revokeOtherMemberSessions, type MemberSession } from "./member-sessions.server.ts";
import { changePassword, checkCurrentPassword } from "./password-change.server.ts";
import { requestPasswordReset } from "./password-reset.server.ts";
import { listSignInMethods, startLinking, unlinkProvider, type SignInMethods } from "./sign-in-methods.server.ts";

export interface AccountSecurityData {
  methods: SignInMethods;
  sessions: MemberSession[];
  /** The server's now, for "last active 5 minutes ago" (the same words in the server's HTML and after hydration). */
  now: string;
  /** What came back from a provider link (?linked=, ?linkError=&error=). */
  linkNotice: { provider: string; error: string | null } | null;
  /** Set on the page a change of password leads to. */
  passwordChanged: boolean;
}

export async function accountSecurityData(
  database: Database,
  user: SessionUser,
  request: Request,
  now = new Date(),
): Promise<AccountSecurityData> {
  const url = new URL(request.url);
  const [methods, sessions] = await Promise.all([
    listSignInMethods(database, user.id),
    listMemberSessions(database, user.id, request.headers, now.getTime()),
  ]);
  const linked = url.searchParams.get("linked");
  const failed = url.searchParams.get("linkError");
  const linkNotice = linked
    ? { provider: linked.slice(0, 20), error: null }
    : failed
      ? { provider: failed.slice(0, 20), error: (url.searchParams.get("error") ?? "unknown").slice(0, 60) }
      : null;
  return { methods, sessions, now: now.toISOString(), linkNotice, passwordChanged: url.searchParams.get("passwordChanged") === "1" };
}

type Field = "currentPassword" | "newPassword" | "newEmail" | "sessionId" | "provider";

/** The section's answer to a settings form, or null when the form is another section's. */
export async function accountSecurityAction(
  database: Database,
  user: SessionUser,
  form: Record<string, unknown>,
  { request, clientAddress }: { request: Request; clientAddress: string },
) {
  const headers = request.headers;
  switch (form.intent) {
    case CHANGE_PASSWORD: {
      const parsed = parseForm(changePasswordSchema, form);
      if (!parsed.ok) return formRefused<Field>("bad_request", { ...refused(parsed), values: {}, intent: CHANGE_PASSWORD });
      const changed = await changePassword(database, { userId: user.id, ...parsed.data, headers });
      if (!changed.ok)
        return formRefused<Field>(changed.code, {
          intent: CHANGE_PASSWORD,
          message: changed.message,
          errors: changed.field ? { [changed.field]: changed.message } : undefined,
        });
      // A new page load, so that everything on it is read with this browser's new session.
      const cookies = new Headers({ "Cache-Control": "no-store" });
      for (const cookie of changed.cookies) cookies.append("Set-Cookie", cookie);
      return redirect("/settings?passwordChanged=1", { headers: cookies });
    }
    case CHANGE_EMAIL: {
      const parsed = parseForm(changeEmailSchema, form);
      const values = { newEmail: typeof form.newEmail === "string" ? form.newEmail.slice(0, 300) : "" };
      if (!parsed.ok) return formRefused<Field>("bad_request", { ...refused(parsed), values, intent: CHANGE_EMAIL });
      const { password } = await listSignInMethods(database, user.id);
      if (password) {
        const checked = await checkCurrentPassword(database, { userId: user.id, password: parsed.data.currentPassword, headers });
        if (!checked.ok)
          return formRefused<Field>(checked.code, {
            intent: CHANGE_EMAIL,
            message: checked.message,
            errors: { currentPassword: checked.message },
            values,
          });
      }
      try {
        await requestEmailChange(database, { user, newEmail: parsed.data.newEmail, headers });
      } catch (error) {
        return formRefusedBy<Field>(error, { intent: CHANGE_EMAIL, values });
      }
      return formDone<Field>({
        intent: CHANGE_EMAIL,
        message: `We sent a link to ${parsed.data.newEmail}. Your address changes when you open it; until then it stays ${user.email}.`,
      });
    }
    case REVOKE_SESSION: {
      const parsed = parseForm(revokeSessionSchema, form);
      if (!parsed.ok) return formRefused<Field>("bad_request", { intent: REVOKE_SESSION, message: "That session was not found." });
      try {
        await revokeMemberSession(database, { userId: user.id, sessionId: parsed.data.sessionId, headers });
      } catch (error) {
        return formRefusedBy<Field>(error, { intent: REVOKE_SESSION, target: parsed.data.sessionId });
      }
      return formDone<Field>({ intent: REVOKE_SESSION, target: parsed.data.sessionId, message: "That session is signed out." });
    }
    case REVOKE_OTHER_SESSIONS:
      await revokeOtherMemberSessions(database, headers);
      return formDone<Field>({ intent: REVOKE_OTHER_SESSIONS, message: "Every other session is signed out." });
    case LINK_PROVIDER:
    case UNLINK_PROVIDER: {
      const parsed = parseForm(providerSchema, form);
      if (!parsed.ok) return formRefused<Field>("bad_request", { ...refused(parsed), intent: String(form.intent) });
      if (form.intent === LINK_PROVIDER) {
        try {
          return await startLinking(database, parsed.data.provider, headers);
        } catch (error) {
          return formRefusedBy<Field>(error, { intent: LINK_PROVIDER, target: parsed.data.provider });
        }
      }
      try {
        await unlinkProvider(database, user.id, parsed.data.provider);
      } catch (error) {
        return formRefusedBy<Field>(error, { intent: UNLINK_PROVIDER, target: parsed.data.provider });
      }
      return formDone<Field>({ intent: UNLINK_PROVIDER, target: parsed.data.provider, message: "Unlinked. It no longer signs you in." });
    }
    case ADD_PASSWORD: {
      const asked = await requestPasswordReset(database, { email: user.email, clientAddress });
      if (!asked.ok)
        return formRefused<Field>("rate_limited", { intent: ADD_PASSWORD, message: "Too many requests. Please try again later." });
      return formDone<Field>({ intent: ADD_PASSWORD, message: `We sent a link to ${user.email}: open it to choose your password.` });
    }
    default:
      return null;
  }
}

/** After a change of address confirmed while signed in: back to the settings page, which says so. */
export function emailChangedRedirect(cookies: string[]): Response {
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect("/settings?emailChanged=1", { headers });
}
