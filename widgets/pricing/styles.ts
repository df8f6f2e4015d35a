/**
 * Styles of `<kserowo-pricing>`: one column on phones, three cards from 800 px. The switch
 * is a checkbox; which card list and which label are shown follows its `:checked` state
 * (`:has()`), so it works the same with and without JavaScript.
 */
import { baseCss } from '../core/theme.ts';

export const pricingCss = `${baseCss}
.toggle{display:flex;align-items:center;justify-content:center;gap:12px;margin:0 0 28px;font-weight:600;font-size:17px}
.opt{cursor:pointer;color:var(--kserowo-muted,#4b5563);user-select:none;min-width:48px;text-align:center}
.switch{appearance:none;position:relative;flex:none;width:60px;height:32px;margin:0;border-radius:16px;background:#5b6472;cursor:pointer}
.switch:checked{background:var(--kserowo-accent,#0b5cad)}
.switch::before{content:"";position:absolute;top:4px;left:4px;width:24px;height:24px;border-radius:50%;background:#fff;transition:transform .2s}
.switch:checked::before{transform:translateX(28px)}
.switch:checked+.color,.toggle:has(.switch:not(:checked))>.mono{color:var(--kx);pointer-events:none}
.pricing:has(.switch:checked)>.mono,.pricing:has(.switch:not(:checked))>.color{display:none}
.cards{display:grid;grid-template-columns:1fr;gap:20px}
@media (min-width:800px){.cards{grid-template-columns:repeat(3,1fr)}}
.card{position:relative;display:flex;flex-direction:column;gap:12px;padding:28px 24px 24px;background:var(--ks);border:1px solid var(--kserowo-border,#d8e0ea);border-radius:var(--kserowo-radius,10px);box-shadow:0 1px 2px rgba(16,24,40,.06)}
.card.popular{border:2px solid var(--kserowo-accent,#0b5cad);box-shadow:0 8px 24px rgba(11,92,173,.15)}
.badge{position:absolute;top:-15px;left:24px;padding:4px 14px;border-radius:999px;background:var(--kserowo-accent,#0b5cad);color:var(--kserowo-accent-contrast,#fff);font-size:14px;font-weight:700;line-height:1.5}
.card .name{font-size:22px;font-weight:700;line-height:1.25}
.desc{color:var(--kserowo-muted,#4b5563);font-size:15px;min-height:3em}
.price{font-size:16px;line-height:1.2}
.price strong{font-size:34px;font-weight:800;color:var(--kx)}
.from,.per{color:var(--kserowo-muted,#4b5563)}
.gross{font-size:14px;color:var(--kserowo-muted,#4b5563);margin-top:-6px}
.included{padding:10px 12px;border-radius:8px;background:var(--kt);font-size:15px}
.features{display:grid;gap:6px;font-size:15px}
.features li{display:flex;gap:8px;align-items:flex-start}
.features svg{flex:none;margin-top:4px;color:#0f7b3f}
.extras{position:relative;display:flex;flex-wrap:wrap;gap:8px}
.tip-trigger{display:inline-flex;align-items:center;gap:6px;min-height:36px;padding:4px 12px;border-radius:999px;background:var(--kok);color:var(--kokt);font-weight:700;font-size:14px}
.tip-text{position:absolute;z-index:10;bottom:calc(100% + 8px);left:0;right:0;padding:10px 12px;border-radius:8px;background:#1c2430;color:#fff;font-size:14px;line-height:1.4;box-shadow:0 6px 20px rgba(0,0,0,.2)}
.tip-text[hidden]{display:none}
.cta{margin-top:auto;width:100%}
.footnote{margin-top:20px;text-align:center;font-size:14px;color:var(--kserowo-muted,#4b5563)}
`;
