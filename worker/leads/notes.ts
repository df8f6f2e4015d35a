/** A lead's note as another feature writes it in its own batch (once: `noteIsNew` guards against a second copy). */
export { noteIsNew, noteStatement } from './model-lead-notes.ts';
