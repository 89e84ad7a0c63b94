import type { ReactNode } from "react";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export function LegalList({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-2 pl-5 marker:text-fg-muted">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

export function MailLink({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} className="font-medium text-accent underline underline-offset-4">
      {address}
    </a>
  );
}

/**
 * A static legal page (the privacy policy, the terms of service): title and dates, an "On this page" list of the
 * numbered sections beside them from the large breakpoint up (above them below it), and the sections.
 */
export function LegalPage({
  id,
  title,
  date,
  sections,
  navLabel,
  intro,
}: {
  id: string;
  title: string;
  navLabel: string;
  date: { iso: string; text: string };
  sections: readonly LegalSection[];
  intro?: ReactNode;
}) {
  return (
    <article aria-labelledby={`${id}-title`} className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="max-w-3xl border-b border-border pb-8">
        <h1 id={`${id}-title`} className="text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h1>
        <dl className="mt-4 flex flex-col gap-1 text-sm text-fg-muted sm:flex-row sm:gap-6">
          <div className="flex gap-1">
            <dt>Effective date:</dt>
            <dd>
              <time dateTime={date.iso}>{date.text}</time>
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>Last updated:</dt>
            <dd>
              <time dateTime={date.iso}>{date.text}</time>
            </dd>
          </div>
        </dl>
        {intro ? <div className="mt-6 space-y-4 leading-7">{intro}</div> : null}
      </header>
      <div className="mt-10 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12">
        <nav aria-label={navLabel} className="mb-10 lg:sticky lg:top-24 lg:mb-0 lg:self-start">
          <p className="text-xs font-semibold tracking-wide text-fg-muted uppercase">On this page</p>
          <ol className="mt-3 space-y-1 border-l border-border text-sm">
            {sections.map(({ id: sectionId, title: sectionTitle }) => (
              <li key={sectionId}>
                <a
                  href={`#${sectionId}`}
                  className="-ml-px block border-l border-transparent py-1 pl-3 text-fg-muted hover:border-fg-muted hover:text-fg"
                >
                  {sectionTitle}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl space-y-10">
          {sections.map(({ id: sectionId, title: sectionTitle, body }, index) => (
            <section key={sectionId} id={sectionId} aria-labelledby={`${sectionId}-title`} className="scroll-mt-24">
              <h2 id={`${sectionId}-title`} className="text-xl font-semibold tracking-tight">
                {index + 1}. {sectionTitle}
              </h2>
              <div className="mt-3 space-y-4 leading-7 [&_strong]:font-semibold">{body}</div>
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
