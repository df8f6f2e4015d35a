// The accepted series of a device's readings, as SQL conditions the meter's queries share.

/** The condition of a row no later row supersedes (alias `r`). */
export const UNDECIDED = 'NOT EXISTS (SELECT 1 FROM meter_readings c WHERE c.supersedes = r.id)';
/** The condition of a row in the accepted series (alias `r`): not a withdrawal, not held for the desk, not superseded. */
export const ACCEPTED = `r.voided = 0 AND r.held = 0 AND ${UNDECIDED}`;
