import { useEffect, useRef } from "react";
import { fieldId, labelFor, type FieldErrors } from "./form-fields.ts";
import { jumpTo } from "./jump-to.ts";
import { plural } from "~/lib/wording.ts";

/**
 * The top-of-form summary after a refused save: how many fields need fixing, each linked to its field. Focus
 * moves here so keyboard and screen-reader users start from the list (GOV.UK's error summary pattern).
 */
export function ErrorSummary({ errors }: { errors: FieldErrors }) {
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors);
  const fields = entries.filter(([name]) => name !== "form");
  // Once per refused save: the form is drawn afresh (keyed) for every answer, so this runs when it arrives.
  const count = entries.length;
  useEffect(() => {
    if (count) ref.current?.focus();
  }, [count]);
  if (!entries.length) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      aria-labelledby="error-summary-title"
      className="rounded-lg border-2 border-danger bg-surface p-4 outline-none focus-visible:outline-2"
    >
      <h2 id="error-summary-title" className="font-semibold text-danger">
        {fields.length ? `Fix the ${plural(fields.length, "field")} marked below` : "The listing was not saved"}
      </h2>
      {errors.form ? <p className="mt-2 text-sm">{errors.form}</p> : null}
      {fields.length ? (
        <ul className="mt-2 grid gap-1.5 text-sm">
          {fields.map(([name, message]) => (
            <li key={name}>
              <a
                href={`#${fieldId(name)}`}
                onClick={(e) => jumpTo(e, fieldId(name))}
                className="inline-block py-0.5 text-danger underline underline-offset-2"
              >
                {labelFor(name)}: {message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
