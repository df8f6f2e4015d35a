// The one escaper of hand-written HTML (worker/admin-shared/html.ts): the admin shell, the partner snippet, a ticket page's title.
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../worker/admin-shared/html.ts';
import { adminShell } from '../../site/admin/shell.ts';

describe('escapeHtml', () => {
  it('leaves no character that could end an attribute, single- or double-quoted, or open an element', () => {
    const hostile = `x" onload='alert(1)' <b>&amp;`;
    expect(escapeHtml(hostile)).toBe('x&quot; onload=&#39;alert(1)&#39; &lt;b&gt;&amp;amp;');
  });

  it('keeps the admin shell to the asset paths it was given', () => {
    const html = adminShell({ script: `/assets/a.js"><script>x</script>`, css: "/assets/a.css' x='" });
    expect(html).toContain('src="/assets/a.js&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(html).toContain('href="/assets/a.css&#39; x=&#39;"');
  });
});
