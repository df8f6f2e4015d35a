/** Home sections 11–12: client wordmarks and three testimonials (samples: see home.ts `sampleContent`). */
import { clients, testimonials } from '../content/home.ts';
import { Icon } from '../icons.tsx';

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

export function ClientsSection() {
  return (
    <section id="clients" className="section" aria-labelledby="clients-title">
      <div className="wrap">
        <h2 id="clients-title">{clients.title}</h2>
        <p className="section-lead">{clients.subtitle}</p>
        <ul className="logos">
          {clients.clients.map((c, i) => (
            <li key={c.name} title={`${c.sector}, ${c.city}`}>
              <Wordmark name={c.name} index={i} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function TestimonialsSection() {
  return (
    <section id="testimonials" className="section alt" aria-labelledby="testimonials-title">
      <div className="wrap">
        <h2 id="testimonials-title">{testimonials.title}</h2>
        <p className="section-lead">{testimonials.subtitle}</p>
        <ul className="cards cards-3">
          {testimonials.testimonials.map((t) => (
            <li key={t.author} className="card testimonial">
              <figure>
                <span className="card-icon">
                  <Icon name="quote" />
                </span>
                <blockquote>
                  <p>{t.quote}</p>
                </blockquote>
                <figcaption>
                  <strong>{t.author}</strong>
                  <span>
                    {t.position}, {t.company}
                  </span>
                  <span className="muted">{t.city}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
