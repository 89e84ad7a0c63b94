import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn.ts";

const VARIANTS = {
  primary: "bg-accent text-accent-fg hover:bg-accent-hover",
  secondary: "border border-border bg-surface-raised text-fg hover:bg-surface-muted",
  ghost: "text-fg hover:bg-surface-muted",
  link: "text-accent underline-offset-4 hover:underline px-0",
  /** For what cannot be undone (deleting an account): the danger colour on the raised surface, readable in both themes. */
  danger: "border border-danger bg-surface-raised text-danger hover:bg-surface-muted",
} as const;
const SIZES = { sm: "h-8 px-3 text-sm", md: "h-10 px-4 text-sm", lg: "h-12 px-6 text-base" } as const;

export function buttonClass({
  variant = "primary",
  size = "md",
  className,
}: { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES; className?: string } = {}) {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

type ButtonProps = ComponentProps<"button"> & { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES; asChild?: boolean };

export function Button({ variant, size, asChild, className, type = "button", ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return <Component type={asChild ? undefined : type} className={buttonClass({ variant, size, className })} {...props} />;
}
