/** Home section 15: contact, with the `<kserowo-contact>` form (owned by the contact issue). */
import { company } from '../../widgets/core/company.ts';
import { contact } from '../content/home.ts';
import { PhoneValue } from './company-values.tsx';
import { WidgetArea, WidgetPlaceholder } from '../../widgets/prerender.tsx';
import { Section } from './section.tsx';

/**
 * The contact form as our pages embed it. The form renders in light DOM (for autofill),
 * so there is nothing to pre-render into a shadow root: until the widget loads, the box
 * keeps its height and says 'Ładowanie...'; without JavaScript it points to the address.
 */
export function ContactForm() {
  return (
    <WidgetArea>
      <kserowo-contact>
        <WidgetPlaceholder
          noScript={
            <p>
              Formularz działa z włączonym JavaScriptem. Napisz do nas:{' '}
              <a href={`mailto:${company.email}`}>{company.email}</a>
            </p>
          }
        />
      </kserowo-contact>
    </WidgetArea>
  );
}

/** Spec §2 item 15 beside the form: the configurator promo, phone card and email card (site issue). */
function ContactAside() {
  return (
    <ul className="contact-aside">
      <li className="card promo">
        <h3>{contact.configuratorPromo.title}</h3>
        <p>{contact.configuratorPromo.text}</p>
        <a className="btn" href="/konfigurator?utm_source=site&utm_medium=contact&utm_campaign=hero_cta">
          {contact.configuratorPromo.cta}
        </a>
      </li>
      {company.phone && (
        <li className="card">
          <h3>{contact.phoneCard.title}</h3>
          <p>{contact.phoneCard.text}</p>
          <p>
            <PhoneValue className="big-link" />
          </p>
          <p className="small muted">
            {contact.hoursLabel}: {company.openingHours.display}
          </p>
        </li>
      )}
      <li className="card">
        <h3>{contact.emailCard.title}</h3>
        <p>{contact.emailCard.text}</p>
        <p>
          <a className="big-link" href={`mailto:${company.email}`}>
            {company.email}
          </a>
        </p>
      </li>
    </ul>
  );
}

export function ContactSection() {
  return (
    <Section id="contact" className="section alt" title={contact.title} lead={contact.subtitle}>
      <div className="contact-grid">
        <div className="contact-form-block">
          <ContactForm />
        </div>
        <ContactAside />
      </div>
    </Section>
  );
}
