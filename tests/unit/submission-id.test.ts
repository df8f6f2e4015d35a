import { afterEach, describe, expect, it, vi } from 'vitest';
import { newSubmissionId } from '../../widgets/core/api.ts';
import { submissionIdSchema } from '../../widgets/core/validation.ts';
import * as v from 'valibot';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('submission ids', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are UUID v4 where the browser offers crypto.randomUUID', () => {
    const id = newSubmissionId();
    expect(id).toMatch(UUID_V4);
    expect(v.safeParse(submissionIdSchema, id).success).toBe(true);
  });

  it('are UUID v4 on a plain-HTTP page, where crypto.randomUUID does not exist', () => {
    const { getRandomValues } = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) });
    expect(globalThis.crypto.randomUUID).toBeUndefined();
    const ids = new Set(Array.from({ length: 200 }, () => newSubmissionId()));
    expect(ids.size).toBe(200);
    for (const id of ids) {
      expect(id).toMatch(UUID_V4);
      expect(v.safeParse(submissionIdSchema, id).success).toBe(true);
    }
  });
});
