/**
 * The check of an invoice's FA(3) XML before it is issued: every element that carries data
 * (widgets/core/fa3-rules.ts `FA3_FIELDS`: NIPs, names, addresses, the lines' names, the
 * numbers) against its XSD type's pattern and lengths. The Worker cannot run the XSD itself
 * (libxml2's WebAssembly does not run in workerd, and a month of invoices would cost seconds of
 * CPU); what we make ourselves (dates, amounts, codes) is checked against the full XSD by the
 * unit tests, and `tests/unit/fa3-rules.test.ts` keeps the table equal to the XSD. An invoice
 * with a problem is not issued (issue.ts) or not issued again (reissue.ts): KSeF would reject it.
 */
import { FA3_FIELDS, fitsFa3 } from '../../widgets/core/fa3-rules.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string): string =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name) => ENTITIES[name] ?? '');

/** What in the XML the FA(3) schema would refuse, one Polish line per value; `[]` when nothing. */
export function fa3Problems(xml: string): string[] {
  const problems: string[] = [];
  const path: string[] = [];
  let text = '';
  for (const m of xml.matchAll(/<(\/?)([A-Za-z_][\w.-]*)[^>]*?(\/?)>|<[?!][^>]*>|([^<]+)/g)) {
    if (m[4] !== undefined) {
      text += m[4];
      continue;
    }
    if (!m[2]) continue;
    if (m[1]) {
      const fieldPath = path.slice(1).join('/');
      const field = FA3_FIELDS[fieldPath];
      if (field) {
        const value = unescapeXml(text);
        if (!fitsFa3(field.type, value))
          problems.push(
            `${field.label}: „${value.length > 60 ? `${value.slice(0, 60)}…` : value}” nie spełnia wymogów schematu FA(3)`,
          );
      }
      path.pop();
    } else if (!m[3]) path.push(m[2]);
    text = '';
  }
  return problems;
}
