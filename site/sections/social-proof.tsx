/**
 * Home sections 11–12: client wordmarks and testimonials from site/content/social-proof.ts,
 * only those with the consent to publish. A section with no entry is left out (and the
 * header's 'Opinie' link with it); sample entries carry a visible sample note.
 */
import { clients, testimonials } from '../content/home.ts';
import { sampleTexts } from '../content/samples.ts';
import { type ClientName, shownClients, shownTestimonials, type Testimonial } from '../content/social-proof.ts';
import { Icon } from '../icons.tsx';
import { SampleBadge } from './company-values.tsx';
import { Section } from './section.tsx';
import { monthText } from '../../widgets/core/dates.ts';

/** The note under a section title while any of its entries is invented. */
function SampleSectionNote({ entries }: { entries: { sample?: true }[] }) {
  if (!entries.some((e) => e.sample)) return null;
  return (
    <p className="sample-note">
      <SampleBadge /> {sampleTexts.section}
    </p>
  );
}

/** A client's name as a simple SVG wordmark (no logo files are fetched). */
function Wordmark({ name, index }: { name: string; index: number }) {
  const width = Math.max(120, name.length * 9 + 40);
  return (
    <svg className="wordmark" viewBox={`0 0 ${width} 40`} width={width} height="40" role="img" aria-label={name}>
      {index % 2 === 0 ? (
        <circle cx="16" cy="20" r="9" fill="none" stroke="currentColor" strokeWidth="3" />
      ) : (
        <rect x="8" y="11" width="17" height="17" rx="3" fill="none" stroke="currentColor" strokeWidth="3" />
      )}
      <text x="34" y="25" fontSize="14" fontWeight="700" fill="currentColor" fontFamily="system-ui, sans-serif">
        {name}
      </text>
    </svg>
  );
}

export function ClientsSection({ entries = shownClients }: { entries?: ClientName[] }) {
  if (entries.length === 0) return null;
  return (
    <Section id="clients" title={clients.title} lead={clients.subtitle}>
      <SampleSectionNote entries={entries} />
      <ul className="logos">
        {entries.map((c, i) => (
          <li key={c.name} title={`${c.sector}, ${c.city}`}>
            <Wordmark name={c.name} index={i} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function TestimonialsSection({ entries = shownTestimonials }: { entries?: Testimonial[] }) {
  if (entries.length === 0) return null;
  return (
    <Section id="testimonials" className="section alt" title={testimonials.title} lead={testimonials.subtitle}>
      <SampleSectionNote entries={entries} />
      <ul className="cards cards-3">
        {entries.map((t) => (
          <li key={t.quote.slice(0, 40)} className="card testimonial">
            <figure>
              <span className="card-icon">
                <Icon name="quote" />
              </span>
              <blockquote>
                <p>{t.quote}</p>
              </blockquote>
              <figcaption>
                <strong>{t.author ?? t.position}</strong>
                <span>{[t.author && t.position, t.company].filter(Boolean).join(', ')}</span>
                <span className="muted">
                  {t.city && `${t.city}, `}
                  <time dateTime={t.date}>{monthText(t.date)}</time>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
