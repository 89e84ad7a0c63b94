import type { ComponentProps } from "react";
import { cn } from "~/lib/cn.ts";

/** The classes are defined in app.css (`.badge-*`): badges repeat on every card. */
const VARIANTS = {
  neutral: "badge-neutral",
  accent: "badge-accent",
  outline: "badge-outline",
  featured: "badge-featured",
} as const;

export function Badge({ variant = "neutral", className, ...props }: ComponentProps<"span"> & { variant?: keyof typeof VARIANTS }) {
  return <span className={cn("badge", VARIANTS[variant], className)} {...props} />;
}
