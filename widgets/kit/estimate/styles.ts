/** Styles of the calculator panel, adopted into the root it renders in (one column from 360 px). */
export const calculatorCss = `
.kc{--kb:var(--kserowo-border,#d8e0ea);--ka:var(--kserowo-accent,#0b5cad);--km:var(--kserowo-muted,#4b5563);display:flex;flex-direction:column;gap:12px;margin:0 0 18px;padding:16px;border:1px solid var(--kb);border-radius:var(--kserowo-radius,10px);background:var(--kt)}
.kc p{margin:0}
.kc fieldset{border:0;margin:0;padding:0;min-width:0}
.kc legend{font-weight:700;margin-bottom:6px;padding:0}
.kc-muted,.kc-hint{color:var(--km);font-size:14px}
.kc-tabs{display:flex;flex-wrap:wrap;gap:6px;border-bottom:2px solid var(--kb)}
.kc .kc-tab{min-height:44px;padding:8px 14px;border:2px solid transparent;border-bottom:0;border-radius:8px 8px 0 0;font-weight:600;color:var(--km);margin-bottom:-2px}
.kc .kc-tab.on{border-color:var(--kb);background:var(--ks);color:var(--kx);border-bottom:2px solid var(--ks)}
.kc-panel{display:flex;flex-direction:column;gap:10px}
.kc-help{padding:10px 12px;border-left:4px solid var(--ka);background:var(--ks);border-radius:4px;font-size:15px}
.kc-readings,.kc-grid{display:grid;gap:12px}
@media (min-width:600px){.kc-readings,.kc-grid{grid-template-columns:repeat(2,1fr)}}
.kc-reading{padding:10px 12px!important;border:1px solid var(--kb)!important;border-radius:8px;background:var(--ks)}
.kc-f{display:flex;flex-direction:column;gap:4px;margin-bottom:8px}
.kc-f label{font-weight:600}
.kc-f input{width:100%;min-height:44px;padding:10px 12px;border:1px solid #8a96a6;border-radius:8px;background:var(--ks);font-size:16px}
.kc-f input[aria-invalid]{border:2px solid #b42318}
.kc-error,.kc-error-summary{color:var(--kbadt);font-weight:600;font-size:15px}
.kc-profiles{display:flex;flex-direction:column;gap:6px}
.kc-choice{display:flex;gap:10px;align-items:flex-start;padding:8px 12px;min-height:44px;border:1px solid var(--kb);border-radius:8px;background:var(--ks);cursor:pointer}
.kc-choice.on{border-color:var(--ka)}
.kc-choice input{margin-top:4px;width:18px;height:18px;flex:none;accent-color:var(--ka)}
.kc .kc-go{align-self:flex-start}
.kc-result{display:flex;flex-direction:column;gap:6px;padding:12px 14px;border:2px solid var(--ka);border-radius:8px;background:var(--ks)}
.kc-volume{font-size:18px}
.kc-rec{font-weight:600}
.kc-compare{display:flex;flex-direction:column;gap:10px;align-items:stretch}
.kc-compare>.btn{align-self:flex-start}
.kc-contract{display:flex;flex-direction:column;gap:8px}
.kc-cta{align-self:flex-start}
`;
