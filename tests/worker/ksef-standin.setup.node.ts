// Starts the KSeF stand-in for the worker tests (a Node server on a free port) and hands its
// address to the pool's configuration (KSEF_API_URL, KSEF_TOKEN) and to the tests (`inject`).
import type { TestProject } from 'vitest/node';
import { startKsefStandIn } from '../../worker/invoices/ksef/standin/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    ksefStandIn: { origin: string; baseUrl: string; token: string };
  }
}

export default async function setup(project: TestProject) {
  const standIn = await startKsefStandIn();
  project.provide('ksefStandIn', { origin: standIn.origin, baseUrl: standIn.baseUrl, token: standIn.token });
  return () => standIn.close();
}
