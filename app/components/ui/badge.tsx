import type { ComponentProps } from "react";
import { cn } from "~/lib/cn.ts";

const VARIANTS = {
  neutral: "bg-surface-muted text-fg-muted border-border",
  accent: "bg-accent-soft text-accent border-transparent",
  outline: "bg-transparent text-fg border-border",
  featured: "bg-amber-100 text-amber-900 border-transparent dark:bg-amber-900/40 dark:text-amber-200",
} as const;

export function Badge({ variant = "neutral", className, ...props }: ComponentProps<"span"> & { variant?: keyof typeof VARIANTS }) {
  return (
    <span
      className={cn("inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium", VARIANTS[variant], className)}
      {...props}
    />
  );
}
