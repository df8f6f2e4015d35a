/** Home section 15: contact, with the `<kserowo-contact>` form (owned by the contact issue). */
import { company } from '../../widgets/core/company.ts';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { contact } from '../content/home.ts';

/**
 * The contact form as our pages embed it. The form renders in light DOM (for autofill),
 * so there is nothing to pre-render into a shadow root: until the widget loads, the box
 * keeps its height and says 'Ładowanie...'; without JavaScript it points to the address.
 */
export function ContactForm() {
  return (
    <kserowo-contact>
      <p className="widget-loading" role="status">{FALLBACK.loading}</p>
      <noscript>
        <p>
          Formularz działa z włączonym JavaScriptem. Napisz do nas: <a href={`mailto:${company.email}`}>{company.email}</a>
        </p>
      </noscript>
    </kserowo-contact>
  );
}

export function ContactSection() {
  return (
    <section id="contact" className="section alt" aria-labelledby="contact-title">
      <div className="wrap">
        <h2 id="contact-title">{contact.title}</h2>
        <p className="section-lead">{contact.subtitle}</p>
        <ContactForm />
        <p>
          <a href={`mailto:${company.email}`}>{company.email}</a>
        </p>
      </div>
    </section>
  );
}
