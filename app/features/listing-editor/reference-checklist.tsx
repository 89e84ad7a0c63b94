import { useState } from "react";
import { inputClass } from "~/components/ui/form-field.tsx";
import { cn } from "~/lib/cn.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { FieldSourceNote, useEditor } from "./editor-fields.tsx";
import { fieldId, LIST_LABELS, type ListField } from "./form-fields.ts";

export interface ChecklistItem {
  id: number;
  name: string;
}

/**
 * A multi-select as a scrolling list of checkboxes (submitted as repeated values, so it works without
 * JavaScript). With JavaScript, a filter box narrows the list; hidden boxes stay in the form and keep their state.
 */
export function ReferenceChecklist({ name, items, hint }: { name: ListField; items: ChecklistItem[]; hint?: string }) {
  const { values, errors } = useEditor();
  const hydrated = useHydrated();
  const chosen = new Set(values.lists[name] ?? []);
  // The chosen records first, so a long list shows what is picked without scrolling; the order is fixed when
  // the form is drawn and does not jump while boxes are ticked.
  const [ordered] = useState(() => [...items.filter((i) => chosen.has(String(i.id))), ...items.filter((i) => !chosen.has(String(i.id)))]);
  const [filter, setFilter] = useState("");
  const [selected, setSelected] = useState(chosen.size);
  const id = fieldId(name);
  const error = errors[name];
  const legend = LIST_LABELS[name];
  const needle = filter.trim().toLowerCase();
  const shown = needle ? items.filter((i) => i.name.toLowerCase().includes(needle)).length : items.length;
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-describedby={error || hint ? `${id}-message` : undefined}
      aria-invalid={error ? true : undefined}
      className="min-w-0"
    >
      <legend className="flex w-full items-baseline justify-between gap-2 text-sm font-medium">
        {legend}
        <span className="text-xs font-normal text-fg-muted" aria-live="polite">
          {selected} selected
        </span>
      </legend>
      <FieldSourceNote name={name} />
      {hydrated && items.length > 8 ? (
        <input
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder="Filter…"
          aria-label={`Filter ${legend.toLowerCase()}`}
          className={cn(inputClass, "py-1.5")}
        />
      ) : null}
      <div
        onChange={(e) => setSelected(e.currentTarget.querySelectorAll("input:checked").length)}
        className={cn(
          "mt-2 grid max-h-48 gap-x-4 gap-y-1 overflow-y-auto rounded-md border p-3",
          error ? "border-danger" : "border-border",
        )}
      >
        {ordered.map((item) => {
          const visible = !needle || item.name.toLowerCase().includes(needle);
          return (
            <label key={item.id} className={cn("items-center gap-2 text-sm", visible ? "flex" : "hidden")}>
              <input
                type="checkbox"
                name={name}
                value={item.id}
                defaultChecked={chosen.has(String(item.id))}
                className="size-4 shrink-0 accent-accent"
              />
              <span className="min-w-0 break-words">{item.name}</span>
            </label>
          );
        })}
        {shown === 0 ? <p className="text-sm text-fg-muted">Nothing matches “{filter}”.</p> : null}
      </div>
      {error ? (
        <p id={`${id}-message`} className="mt-1 text-xs text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-message`} className="mt-1 text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
