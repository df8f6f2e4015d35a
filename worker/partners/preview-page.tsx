// The partner's live preview (/partner/podglad): its snippet running on a page of ours, as on its own.
import { h } from 'preact';
import { copy } from './page.tsx';

/**
 * The live preview: the loader of this deployment and the partner's element with the snippet's
 * attributes (built as elements, never from the code string), on a page whose CSP lets our own
 * scripts run as a partner page does.
 */
export function PreviewView({ tag, attributes }: { tag: string; attributes: [string, string][] }) {
  return (
    <>
      <div className="top">
        <h1>{copy.previewHeading}</h1>
        <a href="/partner">{copy.back}</a>
      </div>
      <p>{copy.previewText}</p>
      <section>
        <script type="module" src="/widgets/v1/kserowo.js" />
        {h(tag, Object.fromEntries(attributes))}
      </section>
    </>
  );
}
