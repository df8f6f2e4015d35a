/**
 * `/dla-partnerow`: everything a partner needs to embed our widgets (DESIGN §2): the
 * snippet, every attribute and event, theming, the CSP, pinned versions with SRI and
 * a live example embedded exactly as on a partner's page (no inline catalogue).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import { HOST_TYPE_FILES } from '../../scripts/widget-headers.mjs';
import { company } from '../../widgets/core/company.ts';
import {
  type AttributeDoc,
  commonAttributes,
  customProperties,
  eventDocs,
  partnersPage as t,
  widgetDocs,
} from '../content/partners.ts';
import { WidgetArea, WidgetPlaceholder } from '../../widgets/prerender.tsx';

export interface PinnedLoader {
  file: string;
  integrity: string;
}

/** The hashed loader of this build and its SRI hash, from the widgets' manifest. */
export function pinnedLoader(
  widgetsDir = path.join(process.cwd(), 'dist/public/widgets/v1'),
): PinnedLoader | undefined {
  try {
    const manifest = JSON.parse(readFileSync(path.join(widgetsDir, 'manifest.json'), 'utf8')) as {
      files: Record<string, { integrity: string; alias?: string }>;
    };
    const alias = manifest.files['kserowo.js'];
    return alias?.alias ? { file: alias.alias, integrity: alias.integrity } : undefined;
  } catch {
    return undefined;
  }
}

const origin = company.url;
const script = `${origin}/widgets/v1/kserowo.js`;

const snippet = `<script type="module" src="${script}"></script>

<kserowo-configurator partner="twoja-firma"
  utm-source="twoja-firma" utm-medium="referral" utm-campaign="wiosna">
</kserowo-configurator>`;

const listener = `document.addEventListener('kserowo:lead', (event) => {
  const { kind, number, value, currency } = event.detail;
  console.log('Nowe zapytanie', kind, number, value, currency);
});`;

const theming = `kserowo-pricing, kserowo-configurator {
  --kserowo-accent: #7a2e8e;
  --kserowo-font: "Lato", sans-serif; /* krój, który Twoja strona już wczytała */
  --kserowo-radius: 4px;
}
kserowo-pricing::part(card) { box-shadow: none; }
kserowo-pricing::part(cta) { text-transform: uppercase; }`;

const react = `import { useState } from 'react';

export function Oferta({ user }: { user?: { name: string; email: string } }) {
  const [sent, setSent] = useState(false);
  return (
    <>
      <kserowo-pricing
        type="mono"
        partner="drukarnia-abc"
        onkserowo:type-change={(event) => console.log(event.detail.type)}
      />
      <kserowo-contact
        partner="drukarnia-abc"
        utm-campaign="wiosna"
        name={user?.name}
        email={user?.email}
        onkserowo:lead={() => setSent(true)}
      />
      {sent && <p>Dziękujemy, odezwiemy się wkrótce.</p>}
    </>
  );
}`;

const csp = `Content-Security-Policy: script-src 'self' ${origin}; connect-src 'self' ${origin}`;

function Code({ children }: { children: string }) {
  return (
    <pre className="code">
      <code>{children}</code>
    </pre>
  );
}

/** A box that scrolls a table wider than a phone; focusable, so keyboard users can scroll it too. */
function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a scroll box, not a section of the page; the role names the focus stop
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (axe scrollable-region-focusable)
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

function AttributeTable({
  rows,
  caption,
  first = 'Atrybut',
}: {
  rows: AttributeDoc[];
  caption: string;
  first?: string;
}) {
  return (
    <ScrollRegion label={caption}>
      <table className="doc-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col">Wartości</th>
            <th scope="col">Znaczenie</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">
                <code>{row.name}</code>
              </th>
              <td>{row.values}</td>
              <td>{row.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Every tag of the live example, as the JSX of our pages knows it (site/jsx.d.ts). */
type WidgetTag = keyof {
  [T in keyof preact.JSX.IntrinsicElements as T extends `kserowo-${string}` ? T : never]: true;
};

/**
 * One widget of the live example, embedded as on a partner's page (no inline catalogue, no
 * pre-rendered markup), with our pages' placeholder and section fallback around it.
 */
function DemoWidget({ tag, title }: { tag: string; title: string }) {
  const Tag = tag as WidgetTag;
  return (
    <div className="partner-demo-item">
      <h3>{title}</h3>
      <WidgetArea>
        <Tag partner="demo" utm-source="demo" utm-medium="referral" utm-campaign="dla-partnerow">
          <WidgetPlaceholder noScript={<p>{t.exampleNoScript}</p>} />
        </Tag>
      </WidgetArea>
    </div>
  );
}

export function PartnersPage({ pinned = pinnedLoader() }: { pinned?: PinnedLoader | undefined }) {
  const pinnedSnippet = pinned
    ? `<script type="module" src="${origin}/widgets/v1/${pinned.file}"\n  integrity="${pinned.integrity}" crossorigin="anonymous"></script>`
    : undefined;
  return (
    <section className="section narrow partners">
      <div className="wrap">
        <h1>{t.title}</h1>
        <p className="lead">{t.lead}</p>

        <h2 id="snippet">{t.snippetTitle}</h2>
        <p>{t.snippetText}</p>
        <Code>{snippet}</Code>

        <h2 id="widgets">{t.widgetsTitle}</h2>
        {widgetDocs.map((w) => (
          <div key={w.tag} className="widget-doc">
            <h3>
              <code>{`<${w.tag}>`}</code> – {w.title}
            </h3>
            <p>{w.text}</p>
            {w.attributes.length > 0 && <AttributeTable rows={w.attributes} caption={`Atrybuty ${w.tag}`} />}
            <p>
              Zdarzenia:{' '}
              {w.events.map((e, i) => (
                <span key={e}>
                  {i > 0 && ', '}
                  <code>{e}</code>
                </span>
              ))}
              {w.parts.length > 0 && (
                <>
                  {' '}
                  · części:{' '}
                  {w.parts.map((p, i) => (
                    <span key={p}>
                      {i > 0 && ', '}
                      <code>{p}</code>
                    </span>
                  ))}
                </>
              )}
            </p>
          </div>
        ))}
        <h3>{t.commonTitle}</h3>
        <AttributeTable rows={commonAttributes} caption={t.commonTitle} />
        <p>{t.booleanNote}</p>

        <h2 id="events">{t.eventsTitle}</h2>
        <p>{t.eventsText}</p>
        <ScrollRegion label="Zdarzenia widżetów">
          <table className="doc-table">
            <caption>Zdarzenia widżetów</caption>
            <thead>
              <tr>
                <th scope="col">Zdarzenie</th>
                <th scope="col">event.detail</th>
                <th scope="col">Kiedy</th>
              </tr>
            </thead>
            <tbody>
              {eventDocs.map((e) => (
                <tr key={e.name}>
                  <th scope="row">
                    <code>{e.name}</code>
                  </th>
                  <td>
                    <code>{e.detail}</code>
                  </td>
                  <td>{e.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
        <Code>{listener}</Code>
        <h3>{t.analyticsTitle}</h3>
        <p>{t.analyticsText}</p>

        <h2 id="theming">{t.themingTitle}</h2>
        <p>{t.themingText}</p>
        <Code>{theming}</Code>
        <AttributeTable rows={customProperties} caption={t.propertiesTitle} first="Własność" />
        <h3>{t.partsTitle}</h3>
        <ul>
          {widgetDocs
            .filter((w) => w.parts.length > 0)
            .map((w) => (
              <li key={w.tag}>
                <code>{w.tag}</code>:{' '}
                {w.parts.map((p, i) => (
                  <span key={p}>
                    {i > 0 && ', '}
                    <code>{p}</code>
                  </span>
                ))}
              </li>
            ))}
        </ul>

        <h2 id="csp">{t.cspTitle}</h2>
        <p>{t.cspText}</p>
        <Code>{csp}</Code>
        <p>{t.cspNote}</p>
        <p>{t.httpsNote}</p>

        <h2 id="versions">{t.versionsTitle}</h2>
        <p>
          {t.versionsText}{' '}
          <a href="/widgets/v1/manifest.json">
            <code>{`${origin}/widgets/v1/manifest.json`}</code>
          </a>
        </p>
        {pinnedSnippet && <Code>{pinnedSnippet}</Code>}
        <p>{t.versionsNote}</p>
        <p>{t.typesText}</p>
        <ul>
          {HOST_TYPE_FILES.map((file) => (
            <li key={file}>
              <a href={`/widgets/v1/${file}`}>
                <code>{`${origin}/widgets/v1/${file}`}</code>
              </a>
            </li>
          ))}
        </ul>

        <h2 id="react">{t.reactTitle}</h2>
        <p>{t.reactText}</p>
        <Code>{react}</Code>

        <h2 id="attribution">{t.attributionTitle}</h2>
        <p>{t.attributionText}</p>

        <h2 id="example">{t.exampleTitle}</h2>
        <p>{t.exampleText}</p>
        <div className="partner-demo">
          {widgetDocs.map((w) => (
            <DemoWidget key={w.tag} tag={w.tag} title={w.title} />
          ))}
        </div>

        <p>
          {t.contact} <a href={`mailto:${company.email}`}>{company.email}</a>
        </p>
      </div>
    </section>
  );
}
