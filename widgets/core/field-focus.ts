/**
 * A refused field, where the eye is: focused without the browser's own scroll (which puts
 * the input at the very edge, under a fixed header or cookie banner, or pushes the message
 * below it out of view), then its box – label, input and the message under it – brought to
 * the middle of the view. Every form of the widgets moves focus to a refused field this way.
 */
export function focusField(input: HTMLElement | null | undefined): void {
  if (!input) return;
  input.focus({ preventScroll: true });
  (input.parentElement ?? input).scrollIntoView({ block: 'center', behavior: 'instant' });
}
