/**
 * The environment every route and middleware is typed with: the worker's bindings. Its own
 * module, so a route can name it without importing the app that mounts the route.
 */
export type AppEnv = { Bindings: Env };
