/** The not-found page: status 404 (set by the static assets and the worker), noindex, a way home. */
import { notFound } from '../content/pages.ts';

export function NotFoundPage() {
  return (
    <section className="section narrow">
      <div className="wrap">
        <h1>{notFound.title}</h1>
        <p className="lead">{notFound.text}</p>
        <p>
          <a className="btn" href="/">
            {notFound.homeLink}
          </a>
        </p>
        <h2>{notFound.suggestionsTitle}</h2>
        <ul className="links">
          {notFound.suggestions.map((s) => (
            <li key={s.href}>
              <a href={s.href}>{s.label}</a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
