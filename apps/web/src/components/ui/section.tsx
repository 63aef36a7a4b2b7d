import type { ReactNode } from 'react';

/** A region named by its visible heading: the dashboards' and tabs' titled sections. */
export function Section({
  id,
  title,
  className,
  children,
}: {
  /** The heading's id, which names the region. */
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}
