/** Escaping for the HTML written by hand as text (the admin page's shell, the partner snippet, a page's `<title>`). */

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * A text or attribute value made safe inside HTML: `& < > " '` become entities, so nothing typed
 * can close an attribute or open an element. What Preact renders is escaped by Preact instead.
 * @example escapeHtml('"><script>') // '&quot;&gt;&lt;script&gt;'
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
