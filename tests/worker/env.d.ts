/// <reference types="@cloudflare/vitest-pool-workers/types" />
declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
    /** The lead limiter with wrangler.toml's figures (the worker's own binding is raised for tests). */
    LEAD_RATE_LIMIT_CONFIGURED: RateLimit;
  }
}
