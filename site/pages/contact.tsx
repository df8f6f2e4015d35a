/** `/kontakt`: contact page (the contact issue puts the form here; the site issue the rest). */
import { company } from '../../widgets/core/company.ts';
import { contactPage } from '../content/pages.ts';
import { ContactForm } from '../sections/contact.tsx';

export function ContactPage() {
  return (
    <section className="section narrow">
      <div className="wrap">
        <h1>{contactPage.title}</h1>
        <p className="lead">{contactPage.lead}</p>
        <p>
          <a href={`mailto:${company.email}`}>{company.email}</a> · {company.openingHours.display}
        </p>
        {/* The contact form (issue 3): keep this block as it is when adding page content. */}
        <h2 id="contact-form-title">{contactPage.formTitle}</h2>
        <ContactForm />
      </div>
    </section>
  );
}
