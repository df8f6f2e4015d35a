// A limit an error message states is the limit the code enforces: the body size of the
// public forms and the login lockout are each one number, read by the check and by the text.
import { describe, expect, it } from 'vitest';
import { ADMIN_ERRORS, INTAKE_ERRORS } from './errors.ts';
import { MAX_BODY_BYTES } from '../middleware/intake/index.ts';
import { LOCKOUT_MS } from '../accounts/model-login-throttle.ts';
import { LEAD_BODY_MAX_BYTES } from '../../widgets/core/limits.ts';

describe('the texts that state a limit', () => {
  it('says the body size the intake guard refuses above', () => {
    expect(MAX_BODY_BYTES).toBe(LEAD_BODY_MAX_BYTES);
    expect(INTAKE_ERRORS.tooLarge).toContain(`najwyżej ${MAX_BODY_BYTES / 1024} KB`);
  });

  it('says how long the login lockout lasts, in the Polish plural', () => {
    expect(ADMIN_ERRORS.locked(LOCKOUT_MS / 60_000)).toBe(
      `Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za ${LOCKOUT_MS / 60_000} minut.`,
    );
  });
});
