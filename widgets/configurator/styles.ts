/** Styles of `<kserowo-configurator>`: one column from 360 px, device and package grids from 640 px. */
import { baseCss } from '../core/theme.ts';

export const configuratorCss = `${baseCss}
.cfg{--b:var(--kserowo-border,#d8e0ea);--a:var(--kserowo-accent,#0b5cad);--m:var(--kserowo-muted,#4b5563);--r:var(--kserowo-radius,10px)}
.cfg h2{font-size:24px;font-weight:700;line-height:1.25;margin:0 0 12px}
.cfg h2:focus{outline:none}
.cfg h3{font-size:19px;font-weight:700;margin-bottom:8px}
.muted,.hint{color:var(--m);font-size:14px}
.hint{display:block}
.progress{display:flex;gap:6px;margin:0 0 20px;counter-reset:s}
.progress li{flex:1;display:flex;align-items:center;gap:8px;padding:8px 0;border-top:4px solid var(--b);font-size:14px;color:var(--m)}
.progress .num{display:inline-flex;align-items:center;justify-content:center;width:26px;height:26px;border-radius:50%;border:2px solid var(--b);font-weight:700;flex:none}
.progress .past{border-color:var(--a)}
.progress .now{border-color:var(--a);color:var(--kx);font-weight:700}
.progress .now .num,.progress .past .num{background:var(--a);border-color:var(--a);color:var(--kserowo-accent-contrast,#fff)}
fieldset{border:0;margin:0 0 18px;padding:0;min-width:0}
legend{font-weight:700;margin-bottom:8px;padding:0}
.filters{display:flex;flex-wrap:wrap;gap:8px 24px}
.seg{display:flex;flex-wrap:wrap;gap:8px}
.seg legend{width:100%}
.seg label,.check{display:inline-flex;align-items:center;gap:8px;min-height:44px;padding:6px 14px;border:1px solid var(--b);border-radius:999px;cursor:pointer;background:var(--ks)}
.seg label.on{border-color:var(--a);background:var(--kt);font-weight:600}
.check{border-radius:var(--r);align-items:flex-start;padding:10px 14px}
.check input{margin-top:4px;flex:none}
input[type=radio],input[type=checkbox]{width:18px;height:18px;accent-color:var(--a);margin:0}
.devices,.packages{display:grid;gap:12px}
@media (min-width:640px){.devices{grid-template-columns:repeat(2,1fr)}.packages{grid-template-columns:repeat(3,1fr)}}
.dev,.pkg{position:relative;display:flex;flex-direction:column;gap:4px;padding:14px 14px 14px 44px;border:2px solid var(--b);border-radius:var(--r);background:var(--ks);cursor:pointer}
.dev input,.pkg input{position:absolute;left:14px;top:18px}
.dev.on,.pkg.on{border-color:var(--a);box-shadow:0 4px 14px rgba(11,92,173,.15)}
.pkg{font-size:15px}
.pkg-head{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
.pkg-name{font-size:19px}
.pkg-price strong{font-size:26px;font-weight:800}
.badge{padding:2px 10px;border-radius:999px;background:var(--a);color:var(--kserowo-accent-contrast,#fff);font-size:13px;font-weight:700}
.badge.sla{background:var(--kok);color:var(--kokt)}
.est{margin-top:4px;padding:6px 8px;border-radius:6px;background:var(--kt)}
.row{display:flex;flex-wrap:wrap;gap:12px}
.row .f{flex:1 1 140px}
.f{display:flex;flex-direction:column;gap:4px;margin-bottom:12px}
.f label{font-weight:600}
.f input,.f textarea{width:100%;min-height:44px;padding:10px 12px;border:1px solid #8a96a6;border-radius:8px;background:var(--ks);font-size:16px}
.f [aria-invalid=true]{border:2px solid #b42318}
.f .error{margin:0}
.f textarea{resize:vertical}
.hp{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}
.for,.trial{margin:0 0 14px}
.trial{padding:10px 12px;border-left:4px solid #0f7b3f;background:var(--kok);border-radius:4px}
.note{margin:0 0 14px;padding:10px 12px;border-radius:8px;background:var(--kwarn);border:1px solid #f5c451}
.error{color:var(--kbadt);font-weight:600;margin:8px 0}
.summary{margin:0 0 18px;padding:16px;border:1px solid var(--b);border-radius:var(--r);background:var(--kt)}
.summary dl{display:grid;grid-template-columns:minmax(110px,auto) 1fr;gap:6px 12px;margin:0 0 12px}
.summary dt{color:var(--m)}
.summary dd{margin:0}
.privacy{font-size:14px;margin:4px 0 10px}
.toast{position:relative;margin:12px 0;padding:12px 40px 12px 14px;border-radius:8px;border:1px solid #f04438;background:var(--kbad)}
.toast p{margin:4px 0 0}
.x{position:absolute;top:6px;right:8px;width:32px;height:32px;font-size:22px!important;line-height:1}
.k-root .btn{background:var(--a)}.k-root .btn.ghost{background:transparent}.k-root .btn:hover{background:var(--kserowo-accent-hover,#084a8c)}.k-root .btn.ghost:hover{background:var(--kt)}
.nav{display:flex;flex-wrap:wrap;gap:12px;justify-content:space-between;margin-top:8px}
.nav .btn:last-child{margin-left:auto}
@media (scripting:none){.nav{display:none}}
.done{padding:24px;border:2px solid #0f7b3f;border-radius:var(--r);background:var(--kok)}
.done p{margin:10px 0}
`;
