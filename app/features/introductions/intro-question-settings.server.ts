/** The /settings form that answers a claimed listing's question about the member's request (decision 0116). */
import type { Database } from "~/lib/db.server.ts";
import { parseForm, refused } from "~/lib/form-parse.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { answerOwnerQuestion } from "./intro-answers.server.ts";
import { RequesterAnswerSchema } from "./intro-preferences.ts";
import { ANSWER_INTRO_QUESTION } from "./my-intro-requests-card.tsx";

/** The answer, or null when the form is another section's. */
export async function introQuestionAction(database: Database, user: SessionUser, form: Record<string, unknown>) {
  if (form.intent !== ANSWER_INTRO_QUESTION) return null;
  const parsed = parseForm(RequesterAnswerSchema, form);
  const target = typeof form.requestId === "string" ? form.requestId.slice(0, 36) : undefined;
  if (!parsed.ok) return formRefused("bad_request", { ...refused(parsed), intent: ANSWER_INTRO_QUESTION, target });
  try {
    await answerOwnerQuestion(database, { requestId: parsed.data.requestId, userId: user.id, answer: parsed.data.answer });
  } catch (error) {
    return formRefusedBy(error, { intent: ANSWER_INTRO_QUESTION, target, values: { answer: parsed.data.answer } });
  }
  return formDone({ intent: ANSWER_INTRO_QUESTION, target, message: "Thank you: your answer is on its way to them." });
}
