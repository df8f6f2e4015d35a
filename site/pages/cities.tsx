/** `/miasta`: the six cities with an inline SVG map of the region and the 200 km service radius. */
import { company } from '../../widgets/core/company.ts';
import { type City, cities } from '../content/cities.ts';
import { citiesIntro } from '../content/cities-pages.ts';
import { PageHead } from '../sections/page-head.tsx';

/** km east/south of Słupsk: a flat projection is exact enough at this scale. */
const KM_PER_DEG_LAT = 111.2;
const KM_PER_DEG_LON = KM_PER_DEG_LAT * Math.cos((company.base.geo.lat * Math.PI) / 180);
const project = (lat: number, lon: number) => ({
  x: Math.round((lon - company.base.geo.lon) * KM_PER_DEG_LON),
  y: Math.round((company.base.geo.lat - lat) * KM_PER_DEG_LAT),
});

/** The Baltic coast from Świnoujście to the Vistula Lagoon, rounded ([lat, lon]). */
const COAST: [number, number][] = [
  [53.92, 14.1],
  [53.92, 14.25],
  [54.05, 14.75],
  [54.12, 15.1],
  [54.18, 15.58],
  [54.27, 15.95],
  [54.36, 16.2],
  [54.43, 16.41],
  [54.52, 16.6],
  [54.58, 16.85],
  [54.66, 17.12],
  [54.74, 17.4],
  [54.77, 17.55],
  [54.8, 17.9],
  [54.83, 18.33],
  [54.79, 18.42],
  [54.7, 18.55],
  [54.6, 18.8],
  [54.66, 18.6],
  [54.76, 18.48],
  [54.62, 18.48],
  [54.52, 18.55],
  [54.41, 18.66],
  [54.36, 18.95],
  [54.35, 19.3],
  [54.4, 19.65],
  [54.45, 19.9],
  [54.46, 20.3],
];

/** Larger towns for orientation (not served specially). */
const LANDMARKS: { name: string; lat: number; lon: number }[] = [
  { name: 'Gdańsk', lat: 54.352, lon: 18.646 },
  { name: 'Szczecin', lat: 53.428, lon: 14.553 },
  { name: 'Bydgoszcz', lat: 53.123, lon: 18.008 },
  { name: 'Piła', lat: 53.151, lon: 16.738 },
];

/** Label position per city so the names do not overlap. */
const LABEL: Record<string, { dx: number; dy: number; anchor: 'start' | 'end' | 'middle' }> = {
  slupsk: { dx: 0, dy: -14, anchor: 'middle' },
  bytow: { dx: 10, dy: 5, anchor: 'start' },
  koszalin: { dx: -10, dy: 5, anchor: 'end' },
  lebork: { dx: 10, dy: -4, anchor: 'start' },
  miastko: { dx: 0, dy: 20, anchor: 'middle' },
  slawno: { dx: -10, dy: -6, anchor: 'end' },
};

export function RegionMap({ highlight }: { highlight?: City['slug'] }) {
  const r = company.serviceRadiusKm;
  const coast = COAST.map(([lat, lon]) => project(lat, lon));
  const coastLine = coast.map((p) => `${p.x},${p.y}`).join(' ');
  const sea = `-240,-260 -240,${coast[0]!.y} ${coastLine} 240,${coast[coast.length - 1]!.y} 240,-260`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG map whose city links form one group; a fieldset cannot hold SVG.
    <svg
      className="region-map"
      viewBox="-230 -140 460 380"
      width="460"
      height="380"
      role="group"
      aria-labelledby="map-title"
      aria-describedby="map-desc"
    >
      <title id="map-title">Mapa obsługiwanego obszaru</title>
      <desc id="map-desc">
        {`Słupsk, Bytów, Koszalin, Lębork, Miastko i Sławno na Pomorzu oraz okrąg o promieniu ${r} km wokół Słupska, w którym działa nasz serwis.`}
      </desc>
      <rect x="-230" y="-140" width="460" height="380" fill="#f7f4ec" />
      <polygon points={sea} fill="#dbe8f6" />
      <polyline points={coastLine} fill="none" stroke="#9bb8d8" strokeWidth="1.5" />
      <text x="-40" y="-95" className="map-sea">
        Morze Bałtyckie
      </text>
      <circle cx="0" cy="0" r={r} fill="rgba(11,92,173,0.07)" stroke="#0b5cad" strokeWidth="2" strokeDasharray="8 6" />
      <text x="0" y={r - 10} textAnchor="middle" className="map-radius">{`${r} km od Słupska`}</text>
      {LANDMARKS.map((l) => {
        const p = project(l.lat, l.lon);
        return (
          <g key={l.name} className="map-landmark">
            <circle cx={p.x} cy={p.y} r="3" />
            <text x={p.x + 6} y={p.y + 4}>
              {l.name}
            </text>
          </g>
        );
      })}
      {cities.map((c) => {
        const p = project(c.geo.lat, c.geo.lon);
        const l = LABEL[c.slug]!;
        const on = highlight ? highlight === c.slug : c.isBase;
        return (
          <a key={c.slug} href={`/miasto/${c.slug}`} className={on ? 'map-city on' : 'map-city'}>
            <circle cx={p.x} cy={p.y} r={c.isBase ? 7 : 5} />
            <text x={p.x + l.dx} y={p.y + l.dy} textAnchor={l.anchor}>
              {c.name}
            </text>
          </a>
        );
      })}
    </svg>
  );
}

export function CitiesPage() {
  return (
    <>
      <PageHead title={citiesIntro.title} lead={citiesIntro.lead} />
      <section className="section">
        <div className="wrap map-grid">
          <figure className="map-figure">
            <RegionMap />
            <figcaption className="small muted">
              Linia przerywana: zasięg serwisu, ok. {company.serviceRadiusKm} km od Słupska. Kliknij miasto, aby
              zobaczyć szczegóły.
            </figcaption>
          </figure>
          <div className="prose">
            {citiesIntro.paragraphs.map((p) => (
              <p key={p.slice(0, 40)}>{p}</p>
            ))}
            <div className="notice">
              <h2 className="h3">{citiesIntro.comingSoonTitle}</h2>
              <p>{citiesIntro.comingSoonText}</p>
            </div>
          </div>
        </div>
      </section>
      <section className="section alt" aria-labelledby="cities-list-title">
        <div className="wrap">
          <h2 id="cities-list-title">Miasta, w których działamy</h2>
          <ul className="cards cards-3">
            {cities.map((c) => (
              <li key={c.slug} className="card city-card">
                <h3>
                  <a href={`/miasto/${c.slug}`}>{c.name}</a>
                </h3>
                <p className="muted small">
                  {c.county}, woj. {c.voivodeship}
                </p>
                <p>
                  {c.isBase
                    ? 'Baza naszego zespołu serwisowego.'
                    : `ok. ${c.distanceKm} km od Słupska, dojazd ok. ${c.travelMinutes} min`}
                </p>
                <p className="small">Także: {c.nearbyTowns.slice(0, 4).join(', ')}</p>
                <a className="more" href={`/miasto/${c.slug}`} aria-label={`${citiesIntro.cityLinkLabel}: ${c.name}`}>
                  {citiesIntro.cityLinkLabel} →
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
