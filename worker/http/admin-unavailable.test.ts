// The panel's 503 page when its built shell is missing: the spec's fallback text, in Polish.
import { describe, expect, it } from 'vitest';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { renderAdminUnavailable } from './admin-unavailable.tsx';

describe('the admin fallback page', () => {
  it('is a Polish HTML page whose title and heading are the fallback text', () => {
    const html = renderAdminUnavailable();
    expect(html).toMatch(/^<!doctype html><html lang="pl">/);
    expect(html).toContain(`<title>${FALLBACK.admin}</title>`);
    expect(html).toContain(`<h1>${FALLBACK.admin}</h1>`);
  });
});
