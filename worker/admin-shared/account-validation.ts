/**
 * Request bodies of the team accounts: adding a person, changing a role or
 * disabling, setting a password; and the password rules. Rules for 2026 (NIST SP 800-63B):
 * length over composition — at least 12 characters, no forced digits or symbols — and
 * refused when it is a well-known password or made of the person's own e-mail or name.
 */
import * as v from 'valibot';
import { ADMIN_LIMITS, loginSchema as ownerLoginSchema } from './admin-validation.ts';
import { plural } from '../../widgets/core/plural.ts';
import { ROLES } from './roles.ts';
import { LIMITS, emailSchema, nameSchema } from '../../widgets/core/validation.ts';

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = ADMIN_LIMITS.password;
/** How long a set-password link works, hours (the token's expiry, the panel and the e-mail say it). */
export const SET_PASSWORD_LINK_HOURS = 72;
/** '(działa jeden raz, przez 72 godziny)' of the panel and the e-mail. */
export const SET_PASSWORD_LINK_TERMS = `działa jeden raz, przez ${SET_PASSWORD_LINK_HOURS} ${plural(SET_PASSWORD_LINK_HOURS, 'godzinę', 'godziny', 'godzin')}`;

export const ACCOUNT_ERRORS = {
  body: 'Nieprawidłowe dane konta.',
  email: 'Nieprawidłowy adres e-mail.',
  role: 'Nieprawidłowa rola. Dozwolone: właściciel, sprzedaż, serwis.',
  passwordShort: `Hasło musi mieć co najmniej ${PASSWORD_MIN} znaków.`,
  passwordLong: `Hasło może mieć najwyżej ${PASSWORD_MAX} znaków.`,
  passwordCommon: 'To hasło jest zbyt popularne i łatwe do odgadnięcia. Wybierz inne.',
  passwordPersonal: 'Hasło nie może zawierać Twojego adresu e-mail ani imienia.',
  passwordRepeated: 'Hasło nie może składać się z jednego powtarzanego znaku.',
  passwordWeak:
    'To hasło łatwo odgadnąć: opiera się na popularnym haśle, słowie lub prostym wzorze. Ułóż je z kilku niezwiązanych ze sobą słów.',
  token: 'Link do ustawienia hasła jest nieprawidłowy, został już użyty albo wygasł. Poproś właściciela o nowy.',
} as const;

/**
 * A short list of the passwords tried first by every guesser (long enough to pass the
 * length rule), compared without case, spaces and Polish diacritics.
 */
export const COMMON_PASSWORDS: readonly string[] = [
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456789000',
  '111111111111',
  '000000000000',
  'qwertyuiop12',
  'qwerty123456',
  '1qaz2wsx3edc',
  'zaq12wsxcde3',
  '1q2w3e4r5t6y',
  'qwertyuiopasdfgh',
  'password1234',
  'password123456',
  'passw0rd1234',
  'iloveyou1234',
  'administrator',
  'administrator1',
  'admin1234567',
  'haslo1234567',
  'haslo123456',
  'haslohaslo12',
  'mojehaslo123',
  'kochamcie123',
  'polska123456',
  'polska12345678',
  'kserowo12345',
  'kserowo123456',
  'konicaminolta',
  'zaq1@wsx3edc',
];

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/\s+/g, '');

/** The first rule a password breaks, as the Polish text for the person, or undefined. */
export function passwordProblem(password: string, person: { email?: string; name?: string } = {}): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return ACCOUNT_ERRORS.passwordShort;
  if (length > PASSWORD_MAX) return ACCOUNT_ERRORS.passwordLong;
  const folded = fold(password);
  if (/^(.)\1*$/u.test(folded)) return ACCOUNT_ERRORS.passwordRepeated;
  if (COMMON_PASSWORDS.includes(folded)) return ACCOUNT_ERRORS.passwordCommon;
  const local = fold(person.email?.split('@')[0] ?? '');
  const name = fold(person.name ?? '');
  if ((local.length >= 4 && folded.includes(local)) || (name.length >= 4 && folded.includes(name)))
    return ACCOUNT_ERRORS.passwordPersonal;
  return undefined;
}

const roleSchema = v.picklist(ROLES, ACCOUNT_ERRORS.role);
const passwordSchema = v.string(ACCOUNT_ERRORS.passwordShort);

/** `POST /api/admin/accounts`: an owner adds a person. */
export const newAccountSchema = v.object({ email: emailSchema, name: nameSchema, role: roleSchema });

/** `PATCH /api/admin/accounts/:id`. */
export const accountChangeSchema = v.object({
  role: v.optional(roleSchema),
  disabled: v.optional(v.boolean(ACCOUNT_ERRORS.body)),
  name: v.optional(nameSchema),
});

/** `POST /api/admin/set-password`: the one-time link's token and the new password. */
export const setPasswordSchema = v.object({
  token: v.pipe(v.string(ACCOUNT_ERRORS.token), v.regex(/^[\w-]{40,64}$/, ACCOUNT_ERRORS.token)),
  password: passwordSchema,
});

/** `POST /api/admin/me/password`: a logged-in person changes their own password. */
export const changePasswordSchema = v.object({
  current: v.pipe(v.string(ACCOUNT_ERRORS.body), v.maxLength(PASSWORD_MAX, ACCOUNT_ERRORS.body)),
  password: passwordSchema,
});

/**
 * `POST /api/admin/login`: the owner login of admin-validation.ts (`{password, name?}`) plus
 * `email`; no e-mail (or 'admin') is the first owner, whose password is the secret.
 */
export const loginSchema = v.object(
  {
    ...ownerLoginSchema.entries,
    email: v.pipe(
      v.nullish(v.string(ACCOUNT_ERRORS.email), ''),
      v.trim(),
      v.maxLength(LIMITS.email, ACCOUNT_ERRORS.email),
    ),
  },
  // A missing password gets the owner login's message ('Podaj hasło.').
  ownerLoginSchema.message,
);

/** The first refusal of a parse, in Polish; the body's own message when none is more precise. */
export const firstIssue = (issues: readonly { message: string }[]): string => issues[0]?.message ?? ACCOUNT_ERRORS.body;
