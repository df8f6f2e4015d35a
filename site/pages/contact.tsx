/**
 * `/kontakt`: contact page. The site issue owns the information around the form; the
 * contact issue owns the form block (`ContactFormBlock` below): keep them apart.
 */
import { company } from '../../widgets/core/company.ts';
import { contactPage } from '../content/pages.ts';
import { customerLinks } from '../../widgets/core/texts.ts';
import { Icon } from '../icons.tsx';
import { PhoneValue } from '../sections/company-values.tsx';
import { ContactForm } from '../sections/contact.tsx';
import { PageHead, StaticStats } from '../sections/page-head.tsx';

/** The contact form: keep this block as it is when adding page content. */
function ContactFormBlock() {
  return (
    <div className="contact-form-block">
      <h2 id="contact-form-title">{contactPage.formTitle}</h2>
      <ContactForm />
    </div>
  );
}

export function ContactPage() {
  return (
    <>
      <PageHead title={contactPage.title} lead={contactPage.lead} />
      <section className="section">
        <div className="wrap contact-grid">
          <div>
            <ul className="contact-cards">
              {company.phone && (
                <li className="card">
                  <span className="card-icon">
                    <Icon name="phone" />
                  </span>
                  <h2 className="h3">{contactPage.phoneLabel}</h2>
                  <p>
                    <PhoneValue className="big-link" />
                  </p>
                </li>
              )}
              <li className="card">
                <span className="card-icon">
                  <Icon name="mail" />
                </span>
                <h2 className="h3">{contactPage.emailLabel}</h2>
                <p>
                  <a className="big-link" href={`mailto:${company.email}`}>
                    {company.email}
                  </a>
                </p>
                <p className="small">
                  {contactPage.salesEmailLabel}: <a href={`mailto:${company.salesEmail}`}>{company.salesEmail}</a>
                </p>
              </li>
              <li className="card">
                <span className="card-icon">
                  <Icon name="clock" />
                </span>
                <h2 className="h3">{contactPage.hours.heading}</h2>
                <p>{contactPage.hours.text}</p>
              </li>
            </ul>
            <div className="prose">
              <h2>{contactPage.promises.heading}</h2>
              <ul className="checklist">
                {contactPage.promises.items.map((item) => (
                  <li key={item}>
                    <Icon name="check" size={18} />
                    {item}
                  </li>
                ))}
              </ul>
              <StaticStats />
              <h2>{contactPage.remote.heading}</h2>
              {contactPage.remote.paragraphs.map((p) => (
                <p key={p.slice(0, 40)}>{p}</p>
              ))}
              <p>
                {company.serviceAreaNote} <a href="/miasta">Zobacz obsługiwane miasta</a>.
              </p>
              <h2>{contactPage.afterYouWrite.heading}</h2>
              <ol>
                {contactPage.afterYouWrite.steps.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ol>
              <h2>{contactPage.serviceRequest.heading}</h2>
              {contactPage.serviceRequest.paragraphs.map((p) => (
                <p key={p.slice(0, 40)}>{p}</p>
              ))}
              <ul className="customer-links">
                <li>
                  <a className="btn ghost" href="/serwis">
                    {customerLinks.service}
                  </a>
                </li>
                <li>
                  <a className="btn ghost" href="/licznik">
                    {customerLinks.meter}
                  </a>
                </li>
                <li>
                  <a className="btn ghost" href="/konto">
                    {customerLinks.portal}
                  </a>
                </li>
              </ul>
            </div>
          </div>
          <ContactFormBlock />
        </div>
      </section>
    </>
  );
}
