/**
 * Styles of `<kserowo-contact>`, adopted by its shadow root. Self-contained rather than
 * built on `baseCss` (theme.ts): the form needs few of its rules, and importing it would
 * pull the shared chunk into the contact budget. Same values and custom properties:
 * `.k-root` starts from `all:initial` (nothing inherited from the host but custom
 * properties). One column on phones, two from 640 px; the toasts are in the flow under
 * the submit button (never over it or a field).
 */
export const contactCss = `
:host{display:block;contain:layout style}
:host([hidden]){display:none}
.k-root{all:initial;display:flow-root;box-sizing:border-box;font-family:var(--kserowo-font,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif);font-size:16px;line-height:1.5;color:var(--kserowo-text,#1c2430);text-align:left;-webkit-font-smoothing:antialiased;--ks:var(--kserowo-surface,#fff);--kbadt:color-mix(in srgb,#d92d20 68%,var(--kserowo-text,#1c2430));background:var(--ks);}
.k-root *,.k-root *::before,.k-root *::after{box-sizing:border-box;margin:0;padding:0;font:inherit;color:inherit;letter-spacing:normal;text-transform:none}
.k-root :focus-visible{outline:3px solid var(--kserowo-focus,#f5a524);outline-offset:2px}
.kc-form{display:grid;gap:16px;padding:24px;background:var(--kserowo-surface,#fff);border:1px solid var(--kserowo-border,#d8e0ea);border-radius:var(--kserowo-radius,10px)}
@media (min-width:640px){.kc-form{grid-template-columns:1fr 1fr}.kc-message,.kc-check,.kc-privacy,.kc-submit{grid-column:1/-1}}
.kc-field{display:grid;gap:6px;min-width:0;align-content:start}
.kc-field label{font-weight:600;font-size:15px}
.kc-hint,.kc-privacy{font-weight:400;color:var(--kserowo-muted,#4b5563);font-size:14px}
.kc-field input,.kc-field textarea{display:block;width:100%;min-height:44px;padding:10px 12px;background:var(--ks);border:1px solid #8a96a8;border-radius:8px}
.kc-field textarea{resize:vertical;min-height:104px}
.kc-field [aria-invalid=true]{border:2px solid #b42318}
.kc-field-error{margin:0;color:var(--kbadt);font-weight:600;font-size:15px}
.kc-check{display:flex;gap:10px;font-size:14px}
.kc-check input{width:20px;height:20px;flex:none}
.kc-privacy a{color:var(--kserowo-accent,#0b5cad)}
.kc-trap{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:10px;min-height:48px;padding:10px 24px;border-radius:var(--kserowo-radius,10px);background:var(--kserowo-accent,#0b5cad);color:var(--kserowo-accent-contrast,#fff);font-weight:600;border:2px solid var(--kserowo-accent,#0b5cad);cursor:pointer}
.btn:hover{background:var(--kserowo-accent-hover,#084a8c)}
.btn[disabled]{opacity:.7;cursor:progress}
.btn.ghost{background:transparent;color:var(--kserowo-accent,#0b5cad)}
.kc-spinner{width:18px;height:18px;border:3px solid rgba(255,255,255,.4);border-top-color:currentColor;border-radius:50%;animation:kc-spin 1s linear infinite}
@keyframes kc-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.kc-spinner{animation-duration:3s}}
.kc-toasts>div:not(:empty){margin-top:12px}
.kc-toast{position:relative;padding:14px 44px 14px 16px;border-radius:10px;background:var(--ks);color:var(--kserowo-text,#1c2430);border:1px solid #d8e0ea;border-left:6px solid #0f7b3f;box-shadow:0 4px 14px rgba(16,24,40,.12)}
.kc-toast.kc-error{border-left-color:#b42318}
.kc-title{font-weight:700}
.kc-close{position:absolute;top:6px;right:6px;width:32px;height:32px;border:0;background:none;font-size:22px;line-height:1;cursor:pointer}
.fallback{padding:24px;border:1px solid var(--kserowo-border,#d8e0ea);border-radius:var(--kserowo-radius,10px);background:var(--kserowo-surface,#fff)}
.fallback h2{font-size:20px;font-weight:700;margin-bottom:8px}
.fallback p{margin-bottom:12px}
`;
