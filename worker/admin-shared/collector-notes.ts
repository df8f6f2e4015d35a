/**
 * What a held collector reading's note says when its profile was not checked against the device's counter
 * screen: written by the Worker (worker/collector/intake.ts), read by 'Odczyty' to offer the service's check.
 */
export const PROFILE_NOT_CHECKED = 'nie był sprawdzony z ekranem liczników urządzenia';

export const profileHeldNote = (profile: string): string =>
  `Licznik urządzenia: profil ${profile} ${PROFILE_NOT_CHECKED} – odczyt czeka na decyzję serwisu.`;
