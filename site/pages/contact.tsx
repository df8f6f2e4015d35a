/** `/kontakt`: contact page (the contact issue puts the form here; the site issue the rest). */
import { company } from '../../widgets/core/company.ts';
import { contactPage } from '../content/pages.ts';

export function ContactPage() {
  return (
    <section className="section narrow">
      <div className="wrap">
        <h1>{contactPage.title}</h1>
        <p className="lead">{contactPage.lead}</p>
        <p>
          <a href={`mailto:${company.email}`}>{company.email}</a> · {company.openingHours.display}
        </p>
      </div>
    </section>
  );
}
