/**
 * The editor's controls: a label, the control, and its message or hint beside it, with ids taken from the input
 * name so the error summary can link to any field. Controls are uncontrolled and start from the values the
 * server sent (the stored listing, or what was typed before a refused save), so nothing typed is lost.
 */
import { createContext, useContext, type ReactNode } from "react";
import { cn } from "~/lib/cn.ts";
import { fieldId, type FieldErrors, type ScalarField } from "./form-fields.ts";
import type { ListingFormValues } from "./form-values.ts";
import { FormField } from "~/components/ui/form-field.tsx";

interface EditorState {
  values: ListingFormValues;
  errors: FieldErrors;
  /** Each field's provenance note ("Provider import · 3 Nov 2026", "No record"); absent on a new listing. */
  sources?: Readonly<Record<string, string>>;
}

const EditorContext = createContext<EditorState | null>(null);
export const EditorProvider = EditorContext.Provider;

export function useEditor(): EditorState {
  const state = useContext(EditorContext);
  if (!state) throw new Error("editor fields need an EditorProvider");
  return state;
}

export interface ControlProps {
  id: string;
  name: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  className: string;
}

/** Where a field's value came from and when (decision 0068), small beside its label; nothing for settings or rows. */
export function FieldSourceNote({ name }: { name: string }) {
  const { sources } = useEditor();
  const note = sources?.[name];
  if (!note) return null;
  return (
    <span className="text-xs font-normal text-fg-muted" data-field-source={name}>
      {note}
    </span>
  );
}

/** One field. `defaultValue` is given for row fields; a top-level field reads its own from the form's values. */
function Field({
  name,
  label,
  hint,
  error: given,
  className,
  children,
}: {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  /** A row field's own message (null: none); otherwise the form's message for this name. */
  error?: string | null;
  className?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const { errors } = useEditor();
  const id = fieldId(name);
  const error = given === undefined ? errors[name] : (given ?? undefined);
  return (
    <FormField id={id} label={label} note={<FieldSourceNote name={name} />} hint={hint} error={error} className={cn("min-w-0", className)}>
      {(props) => children({ ...props, name })}
    </FormField>
  );
}

type Common = { name: string; label: ReactNode; hint?: ReactNode; className?: string; defaultValue?: string; error?: string | null };

function useDefault(name: string, given: string | undefined): string {
  const { values } = useEditor();
  return given ?? values.fields[name as ScalarField] ?? "";
}

export function TextField({
  type = "text",
  maxLength,
  inputMode,
  placeholder,
  list,
  required,
  autoComplete,
  ...common
}: Common & {
  type?: "text" | "url" | "email" | "tel" | "date" | "search";
  maxLength?: number;
  inputMode?: "text" | "url" | "email" | "numeric" | "decimal";
  placeholder?: string;
  list?: string;
  required?: boolean;
  autoComplete?: string;
}) {
  const value = useDefault(common.name, common.defaultValue);
  // Addresses are typed as text: type=url would refuse "example.com" in the browser before our friendlier rule.
  const htmlType = type === "url" ? "text" : type;
  return (
    <Field {...common}>
      {(p) => (
        <input
          {...p}
          type={htmlType}
          defaultValue={value}
          maxLength={maxLength}
          inputMode={type === "url" ? "url" : inputMode}
          placeholder={placeholder}
          list={list}
          required={required}
          autoComplete={autoComplete ?? "off"}
          spellCheck={type === "url" || type === "email" ? false : undefined}
        />
      )}
    </Field>
  );
}

export function TextAreaField({ maxLength, rows = 3, ...common }: Common & { maxLength?: number; rows?: number }) {
  const value = useDefault(common.name, common.defaultValue);
  return <Field {...common}>{(p) => <textarea {...p} defaultValue={value} maxLength={maxLength} rows={rows} />}</Field>;
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField({ options, empty, ...common }: Common & { options: Option[]; empty?: string }) {
  const value = useDefault(common.name, common.defaultValue);
  // A stored value the list no longer has stays selectable, so opening and saving the form never drops it.
  const known = value === "" || options.some((o) => o.value === value);
  return (
    <Field {...common}>
      {(p) => (
        // inputClass greys read-only controls, and a select always matches :read-only.
        <select {...p} className={cn(p.className, "read-only:bg-surface disabled:bg-surface-muted")} defaultValue={value}>
          {empty !== undefined ? <option value="">{empty}</option> : null}
          {known ? null : <option value={value}>{value} (not in the list)</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function CheckboxField({ name, label, hint }: { name: ScalarField; label: string; hint?: string }) {
  const { values } = useEditor();
  const id = fieldId(name);
  return (
    <div className="flex items-start gap-3 self-end pb-2">
      <input
        id={id}
        type="checkbox"
        name={name}
        defaultChecked={values.fields[name] === "on"}
        aria-describedby={hint ? `${id}-message` : undefined}
        className="mt-0.5 size-4 accent-accent"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-message`} className="text-xs text-fg-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A titled part of the form, with an anchor for the section links at the top. */
export function EditorSection({
  id,
  title,
  description,
  children,
  className,
  source,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** The field this section edits as a whole (a child list), whose provenance note goes beside the title. */
  source?: string;
}) {
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-20 rounded-lg border border-border bg-surface p-4 outline-none sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {source ? (
        <p className="mt-1">
          <FieldSourceNote name={source} />
        </p>
      ) : null}
      {description ? <p className="mt-1 text-sm text-fg-muted">{description}</p> : null}
      <div className={cn("mt-4 grid gap-4 sm:grid-cols-2", className)}>{children}</div>
    </section>
  );
}
