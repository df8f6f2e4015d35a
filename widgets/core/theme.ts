/**
 * Base styles of every widget's shadow root. Sizes in px/em, never rem (host pages
 * change the root font size); colours and fonts set on `.k-root`, not only on
 * `:host`, because a host page's `* { color: red }` reaches the host element itself.
 * The margin, padding and button resets weigh one element selector (`:where(.k-root) p`):
 * a widget's own class rules (`.badge{padding}`) beat them, and they still beat a
 * light-DOM host's `p {}` of equal weight, because adopted sheets come after the page's.
 *
 * Every widget paints its own surface (`--kserowo-surface`) and derives every background from
 * the theme (tints of the accent and of the status colours over the surface, `--kt`, `--kok`…),
 * so a dark theme set by a partner (DARK_THEME in contract.ts) keeps every text readable.
 *
 * `.k-root` is `display:flow-root`: the margins of its first and last children (the calculator's
 * panel ends with 18 px) stay inside it, on its surface. As a plain block they collapsed through
 * it: inside the host's `contain:layout` they made an unpainted strip at the bottom of the widget
 * (the page's canvas showed through, dark under `color-scheme:dark`), and where a host sheet
 * takes that away (`* { all: revert }` makes the element `display:inline`, no containment) they
 * left the widget altogether, and its box was 18 px shorter than on a neutral page.
 *
 * Custom properties (documented for partners): --kserowo-accent, --kserowo-accent-contrast,
 * --kserowo-text, --kserowo-muted, --kserowo-surface, --kserowo-border, --kserowo-font,
 * --kserowo-radius.
 */
export const baseCss = `
:host{display:block;contain:layout style;direction:ltr}
:host([hidden]){display:none}
.k-root{all:initial;direction:ltr;unicode-bidi:isolate;display:flow-root;box-sizing:border-box;font-family:var(--kserowo-font,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif);font-size:16px;line-height:1.5;color:var(--kserowo-text,#1c2430);text-align:left;-webkit-font-smoothing:antialiased;--ks:var(--kserowo-surface,#fff);--kx:var(--kserowo-text,#1c2430);--kt:color-mix(in srgb,var(--kserowo-accent,#0b5cad) 9%,var(--ks));--kok:color-mix(in srgb,#0f7b3f 14%,var(--ks));--kokt:color-mix(in srgb,#0f7b3f 62%,var(--kx));--kbad:color-mix(in srgb,#d92d20 10%,var(--ks));--kbadt:color-mix(in srgb,#d92d20 68%,var(--kx));--kwarn:color-mix(in srgb,#f5a524 10%,var(--ks));--kwarnt:color-mix(in srgb,#b54708 55%,var(--kx));background:var(--ks);}
.k-root *,.k-root *::before,.k-root *::after{box-sizing:border-box;font:inherit;color:inherit;letter-spacing:normal;text-transform:none}
:where(.k-root) :is(h2,h3,h4,p,ul,ol){margin:0;padding:0}
:where(.k-root) ul{list-style:none}
.k-root a{color:var(--kserowo-accent,#0b5cad)}
.k-root :is(strong,b){font-weight:700}
:where(.k-root) button{cursor:pointer;border:0;background:none;margin:0;padding:0}
.k-root :focus-visible{outline:3px solid var(--kserowo-focus,#f5a524);outline-offset:2px}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:44px;padding:10px 20px;border-radius:var(--kserowo-radius,10px);background:var(--kserowo-accent,#0b5cad);color:var(--kserowo-accent-contrast,#fff)!important;font-weight:600!important;text-decoration:none;border:2px solid var(--kserowo-accent,#0b5cad)!important;transition:background .15s}
.btn:hover{background:var(--kserowo-accent-hover,#084a8c)}
.btn.ghost{background:transparent;color:var(--kserowo-accent,#0b5cad)!important}
.btn.ghost:hover{background:var(--kt)}
.btn[disabled]{opacity:.6;cursor:progress}
.sr-only{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.loading{display:flex;align-items:center;justify-content:center;gap:12px;min-height:var(--kserowo-loading-height,320px);color:var(--kserowo-muted,#4b5563)}
.spinner{width:24px;height:24px;border:3px solid #cfd8e3;border-top-color:var(--kserowo-accent,#0b5cad);border-radius:50%;animation:kspin 1s linear infinite}
@keyframes kspin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.spinner{animation-duration:3s}}
.fallback{padding:24px;border:1px solid var(--kserowo-border,#d8e0ea);border-radius:var(--kserowo-radius,10px);background:var(--ks)}
.fallback h2{font-size:20px;font-weight:700;margin-bottom:8px}
.fallback p{margin-bottom:12px}
`;
