/** The frame of a home section: its landmark named by its `h2`, the lead sentence, then the content. */
import type { ReactNode } from 'react';

export function Section({
  id,
  className = 'section',
  wrapClass = 'wrap',
  title,
  lead,
  children,
}: {
  id: string;
  className?: string;
  wrapClass?: string;
  title: string;
  lead: string;
  children?: ReactNode;
}) {
  return (
    <section id={id} className={className} aria-labelledby={`${id}-title`}>
      <div className={wrapClass}>
        <h2 id={`${id}-title`}>{title}</h2>
        <p className="section-lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}
