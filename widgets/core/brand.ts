/**
 * The brand as people read it. A module of its own so the privacy clause of the contact
 * form can name the controller without bundling the catalogue widgets' `shared` chunk
 * (terms.ts lives there and re-exports it).
 */
export const BRAND = 'Kserowo';
