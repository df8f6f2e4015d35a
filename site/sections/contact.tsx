/** Home section 15: contact (owned by the contact issue: the form widget goes here). */
import { company } from '../../widgets/core/company.ts';
import { contact } from '../content/home.ts';

export function ContactSection() {
  return (
    <section id="contact" className="section alt" aria-labelledby="contact-title">
      <div className="wrap">
        <h2 id="contact-title">{contact.title}</h2>
        <p className="section-lead">{contact.subtitle}</p>
        <p>
          <a href={`mailto:${company.email}`}>{company.email}</a>
        </p>
      </div>
    </section>
  );
}
