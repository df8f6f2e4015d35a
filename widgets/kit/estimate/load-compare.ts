/** The comparison's chunk, fetched once for every panel of the page (again after a failed fetch). */
let compareChunk: Promise<typeof import('./Compare.tsx')> | undefined;

export const loadCompare = () => {
  compareChunk ??= import('./Compare.tsx');
  compareChunk.catch(() => {
    compareChunk = undefined;
  });
  return compareChunk;
};
