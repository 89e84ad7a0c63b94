import { useId, type ReactNode } from "react";
import { cn } from "~/lib/cn.ts";

export const inputClass =
  "mt-1 block w-full rounded-md border border-border bg-surface px-3 py-2 text-sm aria-invalid:border-danger focus-visible:outline-2 read-only:bg-surface-muted";

export interface FieldControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  className: string;
}

/**
 * A label, a control and its message beside it (issue 4 §6). The control is given its id, its invalid state
 * and the id of the message that describes it, so screen readers read the message with the field.
 */
export function FormField({
  label,
  error,
  hint,
  className,
  id: givenId,
  note,
  children,
}: {
  label: ReactNode;
  /** Small text beside the label, outside it (the control's name stays the label alone). */
  note?: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** A fixed id, for a form whose error summary links to its fields; otherwise one is made up. */
  id?: string;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const madeUp = useId();
  const id = givenId ?? madeUp;
  const messageId = `${id}-message`;
  return (
    <div className={className}>
      {note ? (
        <div className="flex flex-wrap items-baseline gap-x-2">
          <label htmlFor={id} className="text-sm font-medium">
            {label}
          </label>
          {note}
        </div>
      ) : (
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
      )}
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error || hint ? messageId : undefined,
        className: inputClass,
      })}
      {error ? (
        <p id={messageId} className="mt-1 text-xs text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className={cn("mt-1 text-xs text-fg-muted")}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
