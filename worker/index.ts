/** Worker entry: HTTP through the Hono app. */
import { app } from './app.ts';

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
