import { useEffect, useState } from 'react';

/**
 * The quote step's chunk (./QuoteStep.tsx: the summary and the contact fields), fetched when
 * the package step shows so step 3 appears without a wait, and again after a failed fetch.
 */
let quoteChunk: Promise<typeof import('./QuoteStep.tsx')> | undefined;

export const loadQuoteStep = () => {
  quoteChunk ??= import('./QuoteStep.tsx');
  quoteChunk.catch(() => {
    quoteChunk = undefined;
  });
  return quoteChunk;
};

/**
 * The quote step's chunk for one configurator: asked for once `wanted` (the package step or
 * later); `failed` when it could not come while `needed` (step 3), and `retry` asks again.
 */
export function useQuoteStep(wanted: boolean, needed: boolean, onError: (error: unknown) => void) {
  const [chunk, setChunk] = useState<typeof import('./QuoteStep.tsx')>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry after a failed fetch
  useEffect(() => {
    if (!wanted || chunk) return;
    setFailed(false);
    loadQuoteStep().then(
      (m) => setChunk(() => m),
      (error: unknown) => {
        if (!needed) return;
        setFailed(true);
        onError(error);
      },
    );
  }, [wanted, needed, chunk, attempt]);
  return { chunk, failed, retry: () => setAttempt((n) => n + 1) };
}
