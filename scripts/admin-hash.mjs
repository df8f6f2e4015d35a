// `npm run admin:hash -- <password>`: prints the admin password hash for
// `npm run wrangler -- secret put ADMIN_PASSWORD_HASH` (DESIGN §4: PBKDF2-SHA256,
// 100,000 iterations, 16-byte salt, `pbkdf2-sha256$100000$<salt b64>$<hash b64>`).
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';

export const ITERATIONS = 100_000;

/** The password the test servers (vitest, serve-test) are configured with. Never used elsewhere. */
export const TEST_ADMIN_PASSWORD = 'test-haslo-panelu';

export function adminHash(password, salt = randomBytes(16)) {
  const hash = pbkdf2Sync(password, salt, ITERATIONS, 32, 'sha256');
  return `pbkdf2-sha256$${ITERATIONS}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** A random password for a fresh `.dev.vars`: 18 bytes, base64url (24 characters). */
export const randomPassword = () => randomBytes(18).toString('base64url');

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const password = process.argv[2];
  if (!password) {
    console.error('Użycie: npm run admin:hash -- <hasło>');
    process.exit(1);
  }
  console.log(adminHash(password));
}
