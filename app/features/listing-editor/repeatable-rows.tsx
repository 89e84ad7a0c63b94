/**
 * A repeatable child list (team, FAQs, steps, ...): one card per row with Move up, Move down and Remove, and Add
 * below. Inputs carry indexed names (team[0][name]) renumbered on every change, so the form posts the rows in
 * the order shown. The buttons are submit buttons the server also understands (intent "row:team:up:2"), so they
 * work without JavaScript; with it, they change the page at once and submit nothing.
 */
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Button } from "~/components/ui/button.tsx";
import { cn } from "~/lib/cn.ts";
import { useEditor } from "./editor-fields.tsx";
import { fieldId, ROW_SECTIONS, rowInputName, type RowSection } from "./form-fields.ts";
import { newRow } from "./form-values.ts";

interface Row {
  key: number;
  values: Record<string, string | undefined>;
  /** The messages the server gave this row; they stay with it when rows move. */
  errors: Record<string, string>;
}

export interface RowRenderer {
  (row: {
    index: number;
    values: Record<string, string | undefined>;
    name: (field: string) => string;
    error: (field: string) => string | null;
    /** A field's name, label, saved value and message at once: `<TextField {...field("title")} />`. */
    field: (field: string) => { name: string; label: string; defaultValue: string; error: string | null };
  }): ReactNode;
}

/** "Team member" → "team member"; "FAQ" stays "FAQ". */
const itemWord = (text: string) => text.replace(/^[A-Z][a-z]/, (m) => m.toLowerCase());

const iconButton =
  "inline-flex size-8 items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted hover:text-fg disabled:opacity-40 disabled:hover:bg-transparent";

const buttonId = (section: RowSection, index: number, op: string) => `${section}-${index}-${op}`;

function swap(list: Row[], a: number, b: number): Row[] {
  const copy = [...list];
  [copy[a], copy[b]] = [copy[b]!, copy[a]!];
  return copy;
}

/** The server's messages for one row's fields, by field. */
function rowErrors(section: RowSection, index: number, errors: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.keys(ROW_SECTIONS[section].fields).flatMap((f) => {
      const message = errors[rowInputName(section, index, f)];
      return message ? [[f, message]] : [];
    }),
  );
}

type RowChange = (change: (rows: Row[]) => { rows: Row[]; focus: string }) => (event: MouseEvent) => void;

/** A row's Move up, Move down and Remove: submit buttons the server understands, handled in place with JavaScript. */
function RowButtons({
  section,
  index,
  count,
  itemLabel,
  handle,
}: {
  section: RowSection;
  index: number;
  count: number;
  /** "team member 2", for the buttons' names. */
  itemLabel: string;
  handle: RowChange;
}) {
  return (
    <div className="float-right flex gap-1">
      <button
        id={buttonId(section, index, "up")}
        type="submit"
        name="intent"
        value={`row:${section}:up:${index}`}
        disabled={index === 0}
        aria-label={`Move ${itemLabel} up`}
        title="Move up"
        className={iconButton}
        onClick={handle((list) => ({
          rows: swap(list, index, index - 1),
          focus: buttonId(section, index - 1, index - 1 === 0 ? "down" : "up"),
        }))}
      >
        <ArrowUp className="size-4" aria-hidden="true" />
      </button>
      <button
        id={buttonId(section, index, "down")}
        type="submit"
        name="intent"
        value={`row:${section}:down:${index}`}
        disabled={index === count - 1}
        aria-label={`Move ${itemLabel} down`}
        title="Move down"
        className={iconButton}
        onClick={handle((list) => ({
          rows: swap(list, index, index + 1),
          focus: buttonId(section, index + 1, index + 1 === list.length - 1 ? "up" : "down"),
        }))}
      >
        <ArrowDown className="size-4" aria-hidden="true" />
      </button>
      <button
        id={buttonId(section, index, "remove")}
        type="submit"
        name="intent"
        value={`row:${section}:remove:${index}`}
        aria-label={`Remove ${itemLabel}`}
        title="Remove"
        className={cn(iconButton, "hover:text-danger")}
        onClick={handle((list) => ({
          rows: list.filter((_, i) => i !== index),
          focus: list.length > 1 ? buttonId(section, Math.min(index, list.length - 2), "remove") : `${section}-add`,
        }))}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

export function RepeatableRows({
  section,
  children,
  readOnly = false,
}: {
  section: RowSection;
  /** Draws one row's fields. */
  children: RowRenderer;
  readOnly?: boolean;
}) {
  const { values, errors } = useEditor();
  const spec = ROW_SECTIONS[section];
  const nextKey = useRef(0);
  const [rows, setRows] = useState<Row[]>(() =>
    (values.rows[section] as Array<Record<string, string>>).map((v, index) => ({
      key: nextKey.current++,
      values: v,
      errors: rowErrors(section, index, errors),
    })),
  );
  // After a move or removal the focused button is gone or elsewhere: put focus where the keyboard user expects it.
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const handle: RowChange = (change) => (event) => {
    event.preventDefault();
    const next = change(rows);
    setRows(next.rows);
    setFocusTarget(next.focus);
  };
  const firstField = Object.keys(spec.fields).find((f) => f !== "id")!;
  const sectionError = errors[section];

  return (
    <div>
      {sectionError ? (
        <p id={fieldId(section)} tabIndex={-1} className="mb-3 text-sm text-danger">
          {sectionError}
        </p>
      ) : null}
      {rows.length === 0 ? <p className="text-sm text-fg-muted">No {spec.plural} yet.</p> : null}
      <ol className="grid gap-3">
        {rows.map((row, index) => {
          const label = `${spec.item} ${index + 1}`;
          const lower = itemWord(label);
          return (
            <li key={row.key}>
              <fieldset className="min-w-0 rounded-md border border-border bg-surface-muted/50 p-3 sm:p-4">
                <legend className="float-left text-sm leading-8 font-medium">{label}</legend>
                {readOnly ? null : <RowButtons section={section} index={index} count={rows.length} itemLabel={lower} handle={handle} />}
                <div className="clear-both pt-2">
                  {children({
                    index,
                    values: row.values,
                    name: (field) => rowInputName(section, index, field),
                    error: (field) => row.errors[field] ?? null,
                    field: (field) => ({
                      name: rowInputName(section, index, field),
                      label: (spec.fields as Record<string, string>)[field] ?? field,
                      defaultValue: row.values[field] ?? "",
                      error: row.errors[field] ?? null,
                    }),
                  })}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {readOnly ? null : (
        <Button
          id={`${section}-add`}
          type="submit"
          name="intent"
          value={`row:${section}:add`}
          variant="secondary"
          size="sm"
          className="mt-3"
          disabled={rows.length >= spec.max}
          onClick={handle((list) => ({
            rows: [...list, { key: nextKey.current++, values: newRow(section), errors: {} }],
            focus: fieldId(rowInputName(section, list.length, firstField)),
          }))}
        >
          <Plus aria-hidden="true" /> Add {itemWord(spec.item)}
        </Button>
      )}
    </div>
  );
}
