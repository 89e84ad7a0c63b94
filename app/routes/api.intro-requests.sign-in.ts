import { z } from "zod";
import type { Route } from "./+types/api.intro-requests.sign-in";
import { signInAndSendIntroRequest } from "~/features/accounts/intro-request-sign-in.server.ts";
import { parseSignIn } from "~/features/introductions/intro-request.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { refused } from "~/lib/form-parse.ts";
import { formJson } from "~/lib/form-result.server.ts";
import { methodNotAllowed, readBody } from "~/lib/http.server.ts";

/** What this endpoint takes (decision 0069): its loader only refuses, so GET and HEAD are not in Allow. */
export const methods = ["POST"];

const Claim = z.object({ requestId: z.uuid(), claimToken: z.string().min(1).max(100) });

/**
 * POST /api/intro-requests/sign-in: the dialog's other last step (decision 0076; signInAndSendIntroRequest). Answers
 * with the form result and, once the password was right, the session cookie; the password is never sent back.
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
  const outcome = await signInAndSendIntroRequest(database, { claim: claim.data, ...parsed.data, headers: request.headers, clientAddress });
  const answer = outcome.ok
    ? formJson({ ok: true, message: "Introduction request sent!", data: outcome.sent })
    : formJson(
        {
          ok: false,
          message: outcome.message,
          errors: outcome.passwordError ? { password: outcome.passwordError } : undefined,
          values,
        },
        { code: outcome.code },
      );
  for (const cookie of outcome.cookies) answer.headers.append("Set-Cookie", cookie);
  return answer;
}

export const loader = methodNotAllowed;
