import { X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { CountryFlag } from "~/components/ui/country-flag.tsx";
import { useHydrated } from "~/lib/use-hydrated.ts";

export interface FacetOption {
  value: string;
  label: string;
  count: number;
  /** Countries: the ISO code, drawn as the flag beside the label. */
  code?: string;
}

/** Before hydration: the same choices as one multiple-choice list box inside the GET form. */
function PlainMultiSelect({ name, label, options, selected }: { name: string; label: string; options: FacetOption[]; selected: string[] }) {
  // One list box, an option a value (counts in the text): the same choices as checkboxes were four elements each,
  // some 300 on every directory page for a list shown only until the page is interactive (issue 33).
  return (
    <select
      multiple
      name={name}
      aria-label={label}
      defaultValue={selected}
      size={Math.min(8, Math.max(2, options.length))}
      className="w-full rounded-lg border border-border bg-surface px-1 py-1 text-sm"
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {`${o.label} (${o.count})`}
        </option>
      ))}
    </select>
  );
}

/** The open list of matching options; the active one is the combobox's aria-activedescendant. */
function OptionList({
  listId,
  label,
  matches,
  active,
  onChoose,
}: {
  listId: string;
  label: string;
  matches: FacetOption[];
  active: number;
  onChoose: (value: string) => void;
}) {
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label={label}
      className="absolute z-20 mt-1 max-h-56 w-full overflow-y-auto rounded-lg border border-border bg-surface-raised py-1 shadow-lg"
    >
      {matches.map((o, i) => (
        <li
          key={o.value}
          id={`${listId}-${i}`}
          role="option"
          aria-selected={i === active}
          onPointerDown={(e) => e.preventDefault()}
          onClick={() => onChoose(o.value)}
          className={`flex cursor-pointer justify-between px-3 py-1.5 text-sm ${i === active ? "bg-accent-soft" : ""}`}
        >
          <span className="inline-flex items-center gap-1.5">
            <CountryFlag code={o.code} />
            {o.label}
          </span>
          <span className="text-xs text-fg-muted">{o.count}</span>
        </li>
      ))}
    </ul>
  );
}

/** The chosen values as chips, each with its remove button. */
function ChosenChips({
  label,
  options,
  selected,
  onRemove,
}: {
  label: string;
  options: FacetOption[];
  selected: string[];
  onRemove: (value: string) => void;
}) {
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`Chosen ${label.toLowerCase()}`}>
      {selected.map((value) => (
        <li
          key={value}
          className="inline-flex items-center gap-1 rounded-full bg-accent-soft py-0.5 pr-1 pl-2.5 text-xs font-medium text-accent"
        >
          <CountryFlag code={options.find((o) => o.value === value)?.code} />
          {options.find((o) => o.value === value)?.label ?? value}
          <button
            type="button"
            onClick={() => onRemove(value)}
            aria-label={`Remove ${value}`}
            className="rounded-full p-0.5 hover:bg-accent/10"
          >
            <X className="size-3" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Multi-select type-ahead with chips (spec 01 §2 and §4): opens on focus or typing, closes on an outside
 * click or a choice; choosing adds a chip once and clears the text. Before hydration (or without
 * JavaScript) it is a plain multiple-choice list box inside the same GET form.
 */
export function TypeAhead({
  name,
  label,
  placeholder,
  options,
  selected,
  onChange,
}: {
  name: string;
  label: string;
  placeholder: string;
  options: FacetOption[];
  selected: string[];
  onChange: (next: string[]) => void;
}) {
  const hydrated = useHydrated();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", close);
    return () => document.removeEventListener("pointerdown", close);
  }, [open]);

  if (!hydrated) return <PlainMultiSelect name={name} label={label} options={options} selected={selected} />;

  const needle = text.trim().toLowerCase();
  const matches = options.filter((o) => !selected.includes(o.value) && o.label.toLowerCase().includes(needle));
  const choose = (value: string) => {
    if (!selected.includes(value)) onChange([...selected, value]);
    setText("");
    setOpen(false);
  };

  return (
    <div ref={root} className="relative">
      {selected.map((value) => (
        <input key={value} type="hidden" name={name} value={value} />
      ))}
      <input
        type="text"
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? `${listId}-${active}` : undefined}
        placeholder={placeholder}
        value={text}
        onFocus={() => setOpen(true)}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setOpen(true);
            setActive((i) => Math.min(i + 1, matches.length - 1));
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setActive((i) => Math.max(i - 1, 0));
          } else if (e.key === "Enter") {
            e.preventDefault();
            if (open && matches[active]) choose(matches[active].value);
          } else if (e.key === "Escape") setOpen(false);
        }}
        className="h-9 w-full rounded-lg border border-border bg-surface px-3 text-sm"
      />
      {open && matches.length > 0 ? <OptionList listId={listId} label={label} matches={matches} active={active} onChoose={choose} /> : null}
      {selected.length ? (
        <ChosenChips
          label={label}
          options={options}
          selected={selected}
          onRemove={(value) => onChange(selected.filter((v) => v !== value))}
        />
      ) : null}
    </div>
  );
}
