import { NavLink } from "react-router";
import { cn } from "~/lib/cn.ts";

/**
 * The tabs of an area's sections (a listing's owner area, a team): links in a row that scrolls sideways on a phone,
 * the current one underlined. Each is matched exactly (`end`), so an area's index is not current on its children.
 */
export function SectionTabs({ label, sections }: { label: string; sections: ReadonlyArray<{ to: string; label: string }> }) {
  return (
    <nav aria-label={label} className="-mx-1 flex gap-1 overflow-x-auto border-b border-border">
      {sections.map((section) => (
        <NavLink
          key={section.to}
          to={section.to}
          end
          className={({ isActive }) =>
            cn(
              "border-b-2 px-3 py-2 text-sm whitespace-nowrap",
              isActive ? "border-accent font-medium text-fg" : "border-transparent text-fg-muted hover:text-fg",
            )
          }
        >
          {section.label}
        </NavLink>
      ))}
    </nav>
  );
}
