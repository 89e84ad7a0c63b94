import { CircleCheck } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { FormField, type FieldControlProps } from "~/components/ui/form-field.tsx";
import { cn } from "~/lib/cn.ts";
import type { FormResult } from "~/lib/form-parse.ts";
import { PILOT_STAGES, type PilotField } from "./pilot-application.ts";

type PilotFormResult = FormResult<PilotField>;

/**
 * Our own pilot application form (issue 4 §5), posted to the /pilot page's action: it works without
 * JavaScript, and with it stays in place. Errors show beside their fields and everything typed stays.
 */
export function PilotApplicationForm({ result: pageResult }: { result?: PilotFormResult }) {
  const fetcher = useFetcher<PilotFormResult>({ key: "pilot-application" });
  const result = fetcher.data ?? pageResult;
  const busy = fetcher.state !== "idle";
  if (result?.ok) {
    return (
      <p role="status" className="mt-6 flex items-start gap-2 rounded-lg bg-accent-soft p-4 text-sm">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
        {result.message}
      </p>
    );
  }
  /** One field on the shared FormField: its message beside it, its value as typed. */
  const field = (
    name: PilotField,
    label: string,
    input: (props: FieldControlProps & { name: string; defaultValue: string }) => React.ReactNode,
  ) => (
    <FormField label={label} error={result?.errors?.[name]} className={cn(name === "goals" && "sm:col-span-2")}>
      {(props) => input({ ...props, name, defaultValue: result?.values?.[name] ?? "" })}
    </FormField>
  );
  return (
    <fetcher.Form method="post" action="/pilot" noValidate className="mt-6 grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="apply-for-pilot" />
      {field("company", "Company", (p) => (
        <input {...p} autoComplete="organization" required maxLength={120} />
      ))}
      {field("website", "Website", (p) => (
        <input {...p} type="url" inputMode="url" placeholder="example.com" required />
      ))}
      {field("stage", "Stage", (p) => (
        <select {...p} required>
          <option value="">Choose…</option>
          {PILOT_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {stage}
            </option>
          ))}
        </select>
      ))}
      {field("contactName", "Your name", (p) => (
        <input {...p} autoComplete="name" required maxLength={120} />
      ))}
      {field("contactEmail", "Work e-mail", (p) => (
        <input {...p} type="email" autoComplete="email" required maxLength={254} />
      ))}
      {field("goals", "What should the pilot achieve?", (p) => (
        <textarea {...p} rows={4} required maxLength={2000} />
      ))}
      {result?.message ? (
        <p role="alert" className="text-sm text-danger sm:col-span-2">
          {result.message}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Sending..." : "Send application"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
