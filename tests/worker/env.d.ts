/// <reference types="@cloudflare/vitest-plugin/types" />
declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
    TEST_ADMIN_PASSWORD: string;
    /** The secret the collectors' keys are encrypted under (production: `wrangler secret put COLLECTOR_KEY_SECRET`). */
    COLLECTOR_KEY_SECRET: string;
    /** The lead limiter with wrangler.toml's figures (the worker's own binding is raised for tests). */
    LEAD_RATE_LIMIT_CONFIGURED: RateLimit;
    /** `LIVE_CATALOGUE_TTL_MS` of wrangler.toml (the worker's own is 0 in tests). */
    LIVE_CATALOGUE_TTL_MS_CONFIGURED: string;
    /** The fast-check seed of this run (tests/vitest.config.ts; KSEROWO_PROPERTY_SEED replays one). */
    PROPERTY_SEED: string;
    /** Milliseconds after which a property draws no new case (tests/vitest.config.ts). */
    PROPERTY_TIME_LIMIT_MS: string;
    /** The NIP look-up limiter with wrangler.toml's figures. */
    COMPANY_LOOKUP_RATE_LIMIT_CONFIGURED: RateLimit;
    /** The KSeF stand-in's token (tests/worker/ksef-standin.setup.ts); production sets the secret. */
    KSEF_TOKEN: string;
    /** The KSeF stand-in's origin, for its test switches (`/__standin/…`). */
    KSEF_STANDIN_ORIGIN: string;
    /** The FA(3) XSD check, run in Node (tests/unit/fa3-xsd.ts): POST a JSON array of XML documents. */
    FA3_XSD: Fetcher;
  }
}
// The global Env of worker-configuration.d.ts extends only the generated bindings (wrangler 4.156's
// `wrangler types`); the tests' bindings above reach it through Cloudflare.Env, as they did before.
interface Env extends Cloudflare.Env {}

/** workerd's AsyncLocalStorage (nodejs_compat): the part the D1 guard uses to tell invocations apart. */
declare module 'node:async_hooks' {
  export class AsyncLocalStorage<T> {
    run<R>(store: T, callback: () => R): R;
    getStore(): T | undefined;
  }
}
