/**
 * Styles of `<kserowo-contact>`. The form lives in light DOM (for autofill), so these
 * rules go to the document: every selector is scoped under `kserowo-contact`, and the
 * shared `baseCss` is not used wholesale because its bare class selectors (`.btn`,
 * `.sr-only`) would reach the host page. Values and custom properties are the same.
 */
const s = 'kserowo-contact';

export const contactCss = `
${s}{display:block}
${s} .kc{display:block;box-sizing:border-box;font-family:var(--kserowo-font,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif);font-size:16px;line-height:1.5;color:var(--kserowo-text,#1c2430);text-align:left}
${s} .kc *,${s} .kc *::before,${s} .kc *::after{box-sizing:border-box}
${s} .kc p{margin:0}
${s} .kc-form{display:grid;gap:16px;margin:0;padding:24px;background:var(--kserowo-surface,#fff);border:1px solid var(--kserowo-border,#d8e0ea);border-radius:var(--kserowo-radius,10px)}
@media (min-width:640px){${s} .kc-form{grid-template-columns:1fr 1fr}${s} .kc-message,${s} .kc-submit{grid-column:1/-1}}
${s} .kc-field{display:grid;gap:6px;min-width:0}
${s} .kc-field label{font-weight:600;font-size:15px;color:inherit}
${s} .kc-hint{font-weight:400;color:var(--kserowo-muted,#4b5563);font-size:14px}
${s} .kc-field input,${s} .kc-field textarea{display:block;width:100%;min-height:44px;margin:0;padding:10px 12px;font:inherit;color:inherit;background:#fff;border:1px solid #8a96a8;border-radius:8px;box-shadow:none}
${s} .kc-field textarea{resize:vertical;min-height:104px}
${s} .kc-field [aria-invalid=true]{border:2px solid #b42318}
${s} .kc :focus-visible{outline:3px solid var(--kserowo-focus,#f5a524);outline-offset:2px}
${s} .kc-trap{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}
${s} .btn{display:inline-flex;align-items:center;justify-content:center;gap:10px;min-height:48px;margin:0;padding:10px 24px;border-radius:var(--kserowo-radius,10px);background:var(--kserowo-accent,#0b5cad);color:var(--kserowo-accent-contrast,#fff);font:inherit;font-weight:600;border:2px solid var(--kserowo-accent,#0b5cad);cursor:pointer}
${s} .btn:hover{background:var(--kserowo-accent-hover,#084a8c)}
${s} .btn[disabled]{opacity:.7;cursor:progress}
${s} .kc-spinner{width:18px;height:18px;border:3px solid rgba(255,255,255,.4);border-top-color:currentColor;border-radius:50%;animation:kc-spin 1s linear infinite}
@keyframes kc-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){${s} .kc-spinner{animation-duration:3s}}
${s} .kc-toasts{position:fixed;z-index:2147483000;right:16px;bottom:16px;left:16px;display:grid;justify-items:end;gap:8px;pointer-events:none}
${s} .kc-toast{position:relative;width:min(420px,100%);padding:14px 44px 14px 16px;border-radius:10px;background:#fff;color:#1c2430;border:1px solid #d8e0ea;border-left:6px solid #0f7b3f;box-shadow:0 10px 30px rgba(16,24,40,.2);pointer-events:auto}
${s} .kc-toast.kc-error{border-left-color:#b42318}
${s} .kc-title{font-weight:700}
${s} .kc-close{position:absolute;top:6px;right:6px;width:32px;height:32px;padding:0;border:0;background:none;color:inherit;font:inherit;font-size:22px;line-height:1;cursor:pointer}
${s} .fallback{padding:24px;border:1px solid var(--kserowo-border,#d8e0ea);border-radius:var(--kserowo-radius,10px)}
`;
