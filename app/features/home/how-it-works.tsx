import { BadgeCheck, ClipboardList, Handshake } from "lucide-react";

const STEPS = [
  {
    title: "Apply",
    text: "Tell us about your company, what you offer and who you want to meet. It takes a few minutes.",
    Icon: ClipboardList,
  },
  {
    title: "Get Featured",
    text: "We review every application and feature the strongest fits in the directory, in front of the right audience.",
    Icon: BadgeCheck,
  },
  {
    title: "Get Intros",
    text: "We make warm introductions to the investors, partners and customers who match your goals, with consent on both sides.",
    Icon: Handshake,
  },
] as const;

export function HowItWorks() {
  return (
    <section
      aria-labelledby="how-it-works-title"
      className="border-y border-border bg-surface-muted [contain-intrinsic-size:auto_700px] [content-visibility:auto]"
    >
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="max-w-2xl">
          <h2 id="how-it-works-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            How It Works
          </h2>
          <p className="mt-2 text-fg-muted">Three steps from application to the conversations that move your business.</p>
        </div>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ title, text, Icon }, index) => (
            <li key={title} className="rounded-xl border border-border bg-surface-raised p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-lg bg-accent-soft text-accent">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="text-sm font-medium text-fg-muted">Step {index + 1}</span>
              </div>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-fg-muted">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
