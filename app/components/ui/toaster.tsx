import { X } from "lucide-react";
import { useEffect, useSyncExternalStore } from "react";
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

const dismiss = dismissToast;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const noToasts: ShownToast[] = [];

/**
 * The toast region: a few lines of our own instead of a toast library on every page's first load. Toasts are
 * announced by screen readers (status, or alert when destructive) and go away by themselves or on close.
 */
export function Toaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => noToasts,
  );
  return (
    // aria-live keeps the region announced and reachable while a modal dialog hides the rest of the page
    // (Radix leaves live regions alone), so a dialog's own toasts are not hidden with the page behind it.
    <div
      aria-live="polite"
      aria-label="Notifications"
      role="region"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-4 sm:items-end"
    >
      {shown.map((t) => (
        <ToastCard key={t.id} toast={t} />
      ))}
    </div>
  );
}

function ToastCard({ toast: t }: { toast: ShownToast }) {
  useEffect(() => {
    const timer = setTimeout(() => dismiss(t.id), DISMISS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [t.id]);
  const destructive = t.variant === "destructive";
  return (
    <div
      role={destructive ? "alert" : "status"}
      className={cn(
        "pointer-events-auto relative w-full max-w-sm rounded-lg border p-4 pr-10 shadow-lg",
        destructive ? "border-danger bg-danger text-surface" : "border-border bg-surface-raised text-fg",
      )}
    >
      <p className="text-sm font-semibold">{t.title}</p>
      {t.description ? <p className={cn("mt-1 text-sm", destructive ? "text-surface" : "text-fg-muted")}>{t.description}</p> : null}
      <button
        type="button"
        onClick={() => dismiss(t.id)}
        aria-label="Dismiss"
        className="absolute top-3 right-3 rounded p-1 opacity-80 hover:opacity-100"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
