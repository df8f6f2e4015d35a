/**
 * How the site marks invented values on local runs: company data still given as
 * `sample(…)` in widgets/core/company.ts and the sample testimonials and client names
 * of site/content/social-proof.ts. `npm run deploy` refuses while any is left
 * (scripts/launch-check.ts), so these texts never reach a visitor of the live site.
 */
export const sampleTexts = {
  /** The small badge beside a sample value. */
  badge: 'przykładowe dane',
  /** Under the title of a section whose entries are samples. */
  section:
    'Przykładowe treści – nie pochodzą od prawdziwych klientów i zostaną zastąpione przed uruchomieniem serwisu.',
  /** Above a legal text that quotes sample company data; followed by the list of fields. */
  legal: 'Dane firmy oznaczone w tym dokumencie są przykładowe i zostaną uzupełnione przed uruchomieniem serwisu:',
};
