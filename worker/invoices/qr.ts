/**
 * A QR code as inline SVG (the customer's invoice copy draws KOD I with it): one path of
 * the dark modules, drawn by qrcode-generator (Kazuhiko Arase, MIT), error correction M,
 * a quiet zone of four modules as ISO/IEC 18004 asks. No script, no style: the private
 * page's CSP allows neither beyond its own.
 */
import qrcode from 'qrcode-generator';
import { escapeHtml } from '../admin-shared/html.ts';

/** The SVG of `text`'s QR code, `size` px wide, with its accessible name `label`. */
export function qrSvg(text: string, label: string, size = 200): string {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  const quiet = 4;
  const side = count + 2 * quiet;
  let path = '';
  for (let row = 0; row < count; row++)
    for (let col = 0; col < count; col++) if (qr.isDark(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${size}" height="${size}" role="img" aria-label="${escapeHtml(label)}" shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}
