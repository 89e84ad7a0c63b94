import { X } from "lucide-react";
import { Toast } from "radix-ui";
import { useState, useSyncExternalStore } from "react";
import { cn } from "~/lib/cn.ts";

export interface ToastMessage {
  title: string;
  description?: string;
  /** destructive: something the visitor must fix (spec 01 §5 "destructive toast"). */
  variant?: "default" | "destructive";
}

interface ShownToast extends ToastMessage {
  id: number;
}

const DISMISS_AFTER_MS = 6_000;
let toasts: ShownToast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: ShownToast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/**
 * Shows a toast from anywhere (a dialog, an event handler); the Toaster in the root layout draws it. Returns its id,
 * for a caller that must take it away once it no longer applies (dismissToast).
 */
export function toast(message: ToastMessage): number {
  const id = nextId++;
  publish([...toasts.slice(-2), { ...message, id }]);
  return id;
}

/** Takes a toast away before its time; an id already gone is ignored. */
export function dismissToast(id: number): void {
  if (toasts.some((t) => t.id === id)) publish(toasts.filter((t) => t.id !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const noToasts: ShownToast[] = [];

/**
 * The toast region, drawn by Radix Toast (decision 0110): its timer pauses while the pointer or focus is on a toast
 * or the window is in the background, F8 moves focus to the region, a swipe or Escape dismisses.
 */
export function Toaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => noToasts,
  );
  // Radix reads each toast out through a copy of its text in a live region of its own for a second. Ours already
  // announces (below), so the toast's text is kept out of that copy (data-radix-toast-announce-exclude) and what is
  // left of it (the provider's label) goes into a box no one reads: else a screen reader says each toast twice.
  const [unreadAnnouncer, setUnreadAnnouncer] = useState<HTMLDivElement | null>(null);
  return (
    <Toast.Provider duration={DISMISS_AFTER_MS} swipeDirection="right" announcerContainer={unreadAnnouncer ?? undefined}>
      <div ref={setUnreadAnnouncer} aria-hidden="true" hidden />
      {shown.map((t) => (
        <ToastCard key={t.id} toast={t} />
      ))}
      {/* aria-live keeps the region announced and reachable while a modal dialog hides the rest of the page
          (Radix leaves live regions alone), so a dialog's own toasts are not hidden with the page behind it. */}
      <Toast.Viewport
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-4 outline-none sm:items-end"
      />
    </Toast.Provider>
  );
}

function ToastCard({ toast: t }: { toast: ShownToast }) {
  const destructive = t.variant === "destructive";
  return (
    <Toast.Root
      type={destructive ? "foreground" : "background"}
      onOpenChange={(open) => open || dismissToast(t.id)}
      className={cn(
        "pointer-events-auto relative w-full max-w-sm rounded-lg border p-4 pr-10 shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
        destructive ? "border-danger bg-danger text-surface" : "border-border bg-surface-raised text-fg",
      )}
    >
      {/* A status, or an alert when destructive, inside the region that announces it (a list item may not be either).
          Excluded from Radix's announcement copy: the region says it once, and the page holds the text once. */}
      <div role={destructive ? "alert" : "status"} data-radix-toast-announce-exclude="">
        <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
        {t.description ? (
          <Toast.Description className={cn("mt-1 text-sm", destructive ? "text-surface" : "text-fg-muted")}>
            {t.description}
          </Toast.Description>
        ) : null}
      </div>
      <Toast.Close aria-label="Dismiss" className="absolute top-3 right-3 rounded p-1 opacity-80 hover:opacity-100">
        <X className="size-4" aria-hidden="true" />
      </Toast.Close>
    </Toast.Root>
  );
}
