import { ChevronDown, Handshake, Rocket } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Link } from "react-router";
import { Button } from "~/components/ui/button.tsx";

const CHOICES = [
  { to: "/get-featured/startup", label: "Startup", hint: "Show your company to investors and partners", Icon: Rocket },
  { to: "/get-featured/partner", label: "Partner", hint: "Offer your services to growing startups", Icon: Handshake },
] as const;

/** "Get Featured" with its Startup and Partner choices (spec 01 §2). */
export function GetFeaturedMenu() {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button size="lg" className="group">
          Get Featured
          <ChevronDown aria-hidden="true" className="transition-transform group-data-[state=open]:rotate-180" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          className="z-50 w-72 rounded-xl border border-border bg-surface-raised p-1.5 shadow-lg"
        >
          {CHOICES.map(({ to, label, hint, Icon }) => (
            <DropdownMenu.Item key={to} asChild>
              <Link
                to={to}
                className="flex cursor-pointer items-start gap-3 rounded-lg px-3 py-2.5 outline-none data-highlighted:bg-surface-muted"
              >
                <Icon className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
                <span>
                  <span className="block text-sm font-medium">{label}</span>
                  <span className="block text-xs text-fg-muted">{hint}</span>
                </span>
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
