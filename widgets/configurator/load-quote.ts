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
