import { z } from "zod";
import { eq } from "drizzle-orm";
import type { Route } from "./+types/api.intro-requests.sign-in";
import { users } from "#db/schema/accounts.ts";
import { signInWithPassword } from "~/features/accounts/password-sign-in.server.ts";
import { parseSignIn } from "~/features/introductions/intro-request.ts";
import { attachRequestToMember } from "~/features/introductions/intro-request-sign-in.server.ts";
import { checkClaim } from "~/features/introductions/intro-requests.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { refused } from "~/lib/form-parse.ts";
import { formJson, formJsonRefusedBy } from "~/lib/form-result.server.ts";
import { methodNotAllowed, readBody } from "~/lib/http.server.ts";

/** What this endpoint takes (decision 0069): its loader only refuses, so GET and HEAD are not in Allow. */
export const methods = ["POST"];

const Claim = z.object({ requestId: z.uuid(), claimToken: z.string().min(1).max(100) });
const CODE = { invalid: "unauthorized", unverified: "forbidden", disabled: "forbidden", rate_limited: "rate_limited" } as const;

/**
 * POST /api/intro-requests/sign-in: the dialog's other last step (decision 0076). A visitor whose address already has
 * an account signs in with its password (the sign-in page's checks and limits: a wrong password and an unknown address
 * answer alike), and the waiting request becomes theirs and goes to review. Answers with the form result and the
 * session cookie; the password is never sent back.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { database, user, clientAddress } = getAppContext(context);
  if (user) return formJson({ ok: false, message: "You are already signed in; your request was sent." }, { code: "conflict" });
  const body = await readBody(request);
  if (!body) return formJson({ ok: false, message: "The body must be JSON or a form." }, { code: "bad_request" });
  const claim = Claim.safeParse(body);
  if (!claim.success)
    return formJson({ ok: false, message: "This request cannot be completed. Please send it again." }, { code: "bad_request" });
  const parsed = parseSignIn(body);
  if (!parsed.ok) return formJson(refused(parsed, {}), { code: "bad_request" });
  const values = { email: parsed.data.email };
  try {
    await checkClaim(database, claim.data);
  } catch (error) {
    return formJsonRefusedBy(error, { values });
  }
  const signedIn = await signInWithPassword(database, { ...parsed.data, headers: request.headers, clientAddress });
  if (!signedIn.ok) {
    const errors = signedIn.reason === "invalid" ? { password: signedIn.message } : undefined;
    return formJson({ ok: false, message: signedIn.message, errors, values }, { code: CODE[signedIn.reason] });
  }
  const [member] = await database.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, signedIn.userId));
  let answer: Response;
  try {
    const sent = await attachRequestToMember(database, { ...claim.data, user: { id: signedIn.userId, ...member! } });
    answer = formJson({ ok: true, message: "Introduction request sent!", data: sent });
  } catch (error) {
    // Signed in all the same (the password was right): the request could not be theirs (a limit, or already taken).
    answer = formJsonRefusedBy(error, { values });
  }
  for (const cookie of signedIn.cookies) answer.headers.append("Set-Cookie", cookie);
  return answer;
}

export const loader = methodNotAllowed;
