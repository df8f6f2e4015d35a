/**
 * The CSS of the service forms' kit (widgets/core/service-form.tsx), put after the theme's
 * `baseCss` by each form's styles; one column from 360 px, two from 640 px.
 */
export const serviceFormCss = `
.sf{--b:var(--kserowo-border,#d8e0ea);--a:var(--kserowo-accent,#0b5cad);--m:var(--kserowo-muted,#4b5563);--r:var(--kserowo-radius,10px)}
form.sf-form,.sf-done{display:grid;gap:16px;padding:20px;background:var(--ks);border:1px solid var(--b);border-radius:var(--r)}
@media (min-width:640px){form.sf-form{grid-template-columns:1fr 1fr;padding:24px}.sf-wide{grid-column:1/-1}}
.sf h2{font-size:20px;font-weight:700;line-height:1.3}
.sf-field{display:grid;gap:6px;min-width:0;align-content:start}
.sf-field label,.sf-legend{font-weight:600;font-size:15px}
.sf-hint{font-weight:400;color:var(--m);font-size:14px}
.sf-field input,.sf-field select,.sf-field textarea{display:block;width:100%;min-height:44px;margin:0;padding:10px 12px;font:inherit;color:inherit;background:var(--ks);border:1px solid #8a96a8;border-radius:8px}
.sf-field textarea{resize:vertical;min-height:104px}
.sf-field [aria-invalid=true]{border:2px solid #b42318}
.sf-field-error{margin:0;color:var(--kbadt);font-weight:600;font-size:15px}
.sf-field .sf-check{display:flex;gap:10px;align-items:flex-start;font-size:14px;font-weight:400;cursor:pointer}
.sf-check input{width:18px;height:18px;margin-top:2px;flex:none;accent-color:var(--a)}
.sf-privacy{font-size:13px;color:var(--m)}
.sf-trap{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}
.sf-confirm{padding:14px 16px;border-left:6px solid #b54708;background:var(--kwarn);border-radius:8px;display:grid;gap:10px}
.sf-done{border-left:6px solid #0f7b3f}
.sf-done p{margin:0}
.sf-number{font-size:22px;font-weight:800}
.sf-actions{display:flex;flex-wrap:wrap;gap:12px}
.sf-spinner{width:18px;height:18px;border:3px solid rgba(255,255,255,.4);border-top-color:currentColor;border-radius:50%;animation:kspin 1s linear infinite}
.sf-toast{position:relative;padding:14px 44px 14px 16px;border-radius:10px;background:var(--ks);border:1px solid var(--b);border-left:6px solid #b42318;margin-top:12px}
.sf-toast strong{display:block}
.sf-close{position:absolute;top:6px;right:6px;width:32px;height:32px;font-size:22px;line-height:1}
`;
