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

/**
 * A result that replaced a form (a sent quote, a reported fault): its heading takes the focus
 * (so a screen reader and the keyboard carry on from there) and its box comes into view,
 * whole where it fits, its top otherwise. The form it replaced was taller: without this the
 * view stays where the send button was, far below the result on a phone.
 */
export function focusResult(heading: HTMLElement | null | undefined): void {
  if (!heading) return;
  heading.focus({ preventScroll: true });
  const box = heading.parentElement ?? heading;
  box.scrollIntoView({ block: box.offsetHeight < innerHeight * 0.7 ? 'center' : 'start', behavior: 'instant' });
}
