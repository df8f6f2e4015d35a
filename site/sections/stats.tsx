/**
 * Home section 10: '{product} w liczbach'. The HTML carries the final numbers (readable
 * without JavaScript); the site script counts them up once from 0 (spec §4, §9).
 */
import { company } from '../../widgets/core/company.ts';
import { stats } from '../content/home.ts';

export function StatsSection() {
  return (
    <section id="stats" className="section stats-band" aria-labelledby="stats-title">
      <div className="wrap">
        <h2 id="stats-title">{stats.title}</h2>
        <ul className="stats" data-counters="">
          {company.stats.map((s) => (
            <li key={s.key}>
              <span className="stat-value" aria-hidden="true" data-count-to={s.value} data-suffix={s.suffix}>
                {s.value}
                {s.suffix}
              </span>
              <span className="sr-only">
                {s.value}
                {s.suffix}
              </span>
              <span className="stat-label">{s.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
