import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { formToDirectoryParams, type ListFilter } from "../directory-filters.ts";
import { closeFilterPanelOnPhone, focusFilterPanelToggle, type OpenSections } from "./filter-panel-disclosure.tsx";

const SEARCH_DEBOUNCE_MS = 300;

/** Which of the filter panel's sections are open: kept above the panel, which is remounted for every address. */
function useOpenSections(): OpenSections {
  const [openSections, setOpenSections] = useState<ReadonlySet<string>>(new Set());
  return {
    isOpen: (title) => openSections.has(title),
    toggle: (title, open) =>
      setOpenSections((current) => {
        if (current.has(title) === open) return current;
        const next = new Set(current);
        if (open) next.add(title);
        else next.delete(title);
        return next;
      }),
  };
}

/**
 * The directory's GET form, driven by script once hydrated: every change navigates to the form's address without a
 * page number (filters, search and type reset to page 1), typing in the search box after a pause.
 */
export function useDirectoryForm(pathname: string, search: string) {
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  const sections = useOpenSections();

  // On a phone a change in the panel closes it; focus goes back to its toggle once the panel is remounted for the
  // new address (decision 0085).
  const refocusToggle = useRef(false);
  useEffect(() => {
    if (!refocusToggle.current) return;
    refocusToggle.current = false;
    focusFilterPanelToggle();
  }, [search]);
  const panelChanged = () => {
    if (closeFilterPanelOnPhone(sections)) refocusToggle.current = true;
  };

  const go = (formData: FormData, replace = false) => {
    void navigate(`${pathname}?${formToDirectoryParams(formData).toString()}`, { replace, preventScrollReset: true });
  };
  const submitForm = (replace = false) => form.current && go(new FormData(form.current), replace);
  return {
    form,
    sections,
    panelChanged,
    submitForm,
    /** The form's own submit (Enter, the Search button): now, and no pending search after it. */
    submitNow: () => {
      clearTimeout(debounce.current);
      submitForm();
    },
    /** Typing in the search box: once the visitor pauses, replacing the history entry rather than adding one. */
    submitSoon: () => {
      clearTimeout(debounce.current);
      debounce.current = setTimeout(() => submitForm(true), SEARCH_DEBOUNCE_MS);
    },
    /**
     * A change in the form: a filter searches at once (and closes the phone's panel); the search box waits for the
     * pause, a type-ahead for its choice; a card's "Select" box belongs to the add-to-list selection, not the search.
     */
    onFormChange: (target: HTMLInputElement) => {
      if (target.id === "directory-search" || target.role === "combobox") return;
      if (target.form && target.form !== form.current) return;
      submitForm();
      if (target.closest("#filter-controls")) panelChanged();
    },
    /** A type-ahead's choice replaces that one list in what the form holds. */
    onListChange: (name: ListFilter, values: string[]) => {
      if (!form.current) return;
      const formData = new FormData(form.current);
      formData.delete(name);
      for (const value of values) formData.append(name, value);
      go(formData);
      panelChanged();
    },
  };
}
