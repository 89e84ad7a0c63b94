/** What the introduction dialog's steps share: how they post, the claim they pass on, their buttons and the sent toast. */
import { Button } from "~/components/ui/button.tsx";
import { toast } from "~/components/ui/toaster.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { postJson } from "~/lib/api-client.ts";

/** The claim on a signed-out visitor's waiting request, which the step after it hands to an account. */
export type Claim = { requestId: string; claimToken: string };

export interface Answer {
  ok: boolean;
  /** The endpoints' form result (decision 0045): what each step hands back is in `data`. */
  body: FormResult<string, { id?: string; status?: string; claimToken?: string; user?: { name: string; email: string } }>;
}

export async function post(url: string, body: Record<string, string>): Promise<Answer> {
  const answer = await postJson<Answer["body"]>(url, body);
  if (answer.ok) return { ok: true, body: answer.data ?? { ok: false } };
  if (answer.kind === "network") return { ok: false, body: { ok: false, message: "You appear to be offline. Please try again." } };
  return { ok: false, body: (answer.body ?? { ok: false }) as unknown as Answer["body"] };
}

export function sentToast() {
  toast({ title: "Introduction request sent!", description: "We'll notify you when they respond." });
}

/** Cancel and the step's submit button, which says what it is doing while busy (spec 01 §2: "Creating Account..."). */
export function StepActions({
  onCancel,
  busy,
  label,
  busyLabel,
}: {
  onCancel: () => void;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
