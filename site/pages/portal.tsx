/**
 * `/konto` ('Strefa klienta'): the static page is the signed-out view; the worker serves
 * it (worker/portal/routes.tsx), putting the view of the moment into `#portal`: the
 * sign-in form, the button of a sign-in link, or the signed-in customer's page.
 */
import { portalCopy } from '../../worker/portal/copy.ts';
import { SignInView } from '../../worker/portal/views.tsx';
import { PageHead } from '../sections/page-head.tsx';

export function PortalPage() {
  return (
    <>
      <PageHead title={portalCopy.title} lead={portalCopy.lead} />
      <section className="section">
        <div className="wrap" id="portal">
          <SignInView />
        </div>
      </section>
    </>
  );
}
