/** The hashed scripts of the views the panel loads on demand, set by the build (scripts/build.mjs). */
declare const ADMIN_LAZY_VIEWS: { payments: string; invoices: string };
