/**
 * Styles of `<kserowo-models>`: one column on narrow containers, two from 620 px, three
 * from 940 px (container queries: a partner may put the list in a sidebar).
 */
import { baseCss } from '../core/theme.ts';

const muted = 'var(--kserowo-muted,#4b5563)';
const border = 'var(--kserowo-border,#d8e0ea)';
const accent = 'var(--kserowo-accent,#0b5cad)';
const surface = 'var(--ks)';
const radius = 'var(--kserowo-radius,10px)';

export const modelsCss = `${baseCss}
.models{container-type:inline-size}
:host(:not(:defined)) .order,:host(:not(:defined)) .cmp{visibility:hidden}
.models:has(input[name=type][value=mono]:checked) [data-type=color],.models:has(input[name=type][value=color]:checked) [data-type=mono],.models:has(input[name=format][value=A4]:checked) [data-format=A3],.models:has(input[name=format][value=A3]:checked) [data-format=A4]{display:none}
.toolbar{display:flex;flex-wrap:wrap;gap:12px 32px;margin:0 0 24px}
.choice{border:0;margin:0;padding:0;min-width:0}
.choice legend{padding:0;margin:0 0 6px;font-size:14px;font-weight:600;color:${muted}}
.opts{display:flex;flex-wrap:wrap;gap:6px}
.opts label{position:relative;display:inline-flex}
.opts input{position:absolute;inset:0;width:100%;height:100%;margin:0;opacity:0;cursor:pointer}
.opts label>span{display:inline-flex;align-items:center;min-height:40px;padding:6px 12px;border:1px solid ${border};border-radius:999px;background:${surface};font-size:14px;font-weight:600;white-space:nowrap}
.opts input:checked+span{background:${accent};border-color:${accent};color:var(--kserowo-accent-contrast,#fff)}
.opts input:focus-visible+span{outline:3px solid var(--kserowo-focus,#f5a524);outline-offset:2px}
.n{margin-left:4px;font-weight:400}
.cards{display:grid;grid-template-columns:1fr;gap:20px}
@container (min-width:620px){.cards{grid-template-columns:repeat(2,1fr)}}
@container (min-width:940px){.cards{grid-template-columns:repeat(3,1fr)}}
.card{display:flex;flex-direction:column;gap:10px;padding:22px;background:${surface};border:1px solid ${border};border-radius:${radius};box-shadow:0 1px 2px rgba(16,24,40,.06)}
.badges{display:flex;flex-wrap:wrap;gap:6px}
.badge{padding:2px 10px;border-radius:999px;background:var(--kt);font-size:13px;font-weight:700}
.badge.color{background:color-mix(in srgb,#c01d6a 10%,var(--ks));color:color-mix(in srgb,#c01d6a 62%,var(--kx))}
.badge.ok{background:var(--kok);color:var(--kokt)}
.card .name{font-size:20px;font-weight:700;line-height:1.25}
.card .sub,.card .gross{font-size:14px;color:${muted};margin-top:-6px}
.features{display:grid;gap:4px;font-size:15px}
.features li{display:flex;gap:8px;align-items:flex-start}
.features svg{flex:none;margin-top:4px;color:#0f7b3f}
.card .price{margin-top:auto;padding-top:6px;line-height:1.2}
.price strong{font-size:30px;font-weight:800}
.from,.per{color:${muted}}
.included{padding:8px 12px;border-radius:8px;background:var(--kt);font-size:14px}
.pkgs{display:grid;grid-template-columns:repeat(3,1fr);gap:6px;margin:0;text-align:center}
.pkgs div{padding:6px 4px;border:1px solid ${border};border-radius:8px}
.pkgs dt{font-size:13px;color:${muted}}
.pkgs dd{margin:0;font-weight:700}
.actions{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px}
.cta{flex:1 1 auto}
.cmp{display:inline-flex;align-items:center;gap:8px;min-height:44px;font-size:15px;cursor:pointer}
.cmp input{width:20px;height:20px;margin:0;accent-color:${accent}}
.empty{padding:24px;text-align:center;border:1px dashed ${border};border-radius:${radius}}
.empty p{margin-bottom:12px}
.bar{position:sticky;bottom:0;z-index:5;display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px 16px;margin-top:20px;padding:12px 16px;background:var(--ks);border:2px solid ${accent};border-radius:${radius};box-shadow:0 -4px 20px rgba(16,24,40,.12)}
.hint{display:block;font-size:14px;color:${muted}}
.bar-actions{display:flex;flex-wrap:wrap;gap:8px}
.k-root .btn{padding:10px 20px;background:${accent}}
.k-root .btn.ghost{background:transparent}
.compare{width:min(960px,calc(100vw - 24px));max-width:none;max-height:calc(100vh - 24px);padding:0;border:0;border-radius:${radius};background:${surface};box-shadow:0 20px 50px rgba(0,0,0,.3)}
.compare::backdrop{background:rgba(16,24,40,.55)}
.dhead{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:14px 20px;border-bottom:1px solid ${border}}
.dhead h2{font-size:20px;font-weight:700}
.scroll{overflow:auto;padding:0 20px 20px}
table{border-collapse:collapse;width:100%;table-layout:fixed;font-size:15px}
thead td,tbody th{width:22%}
caption{text-align:left;padding:12px 0;color:${muted};font-size:14px}
th,td{padding:10px 8px;border-bottom:1px solid ${border};text-align:left;vertical-align:top}
tbody th{font-weight:600;color:${muted};font-size:14px}
.lim{display:block;font-size:13px;color:${muted}}
td .btn{width:100%}
@media (max-width:480px){.bar{padding:10px 12px;font-size:14px}.k-root .bar .btn{min-height:40px;padding:6px 10px;font-size:15px}.scroll{padding:0 12px 12px}table{font-size:14px}thead td,tbody th{width:25%}th,td{padding:8px 4px}.k-root td .btn{padding:8px 4px;font-size:14px}}
`;
