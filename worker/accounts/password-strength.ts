/**
 * How easily a team password is guessed, by zxcvbn-ts (a maintained estimator shipped with its
 * dictionaries, offline): over 40 000 leaked passwords, common words, keyboard walks, dates,
 * repeats and l33t spelling, plus the person's own e-mail and name. The rules every form shares
 * (length, the short list, the person's own words: `passwordProblem` in
 * worker/admin-shared/account-validation.ts) stay where the panel checks them while typing; this
 * runs only in the worker, so the panel's bundle does not carry the dictionaries (430 KB).
 * 'password12345' passed the old exact-match list of 30 words; zxcvbn scores it 0 of 4.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ACCOUNT_ERRORS, passwordProblem } from '../admin-shared/account-validation.ts';

/** zxcvbn's score from 0 to 4: 3 is 'safely unguessable' (about 10^8 guesses and more). */
export const MIN_PASSWORD_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;
const zxcvbn = () => {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator;
};

/** `passwordProblem`, then the estimate: the first rule a team password breaks, in Polish, or undefined. */
export function teamPasswordProblem(
  password: string,
  person: { email?: string; name?: string } = {},
): string | undefined {
  const problem = passwordProblem(password, person);
  if (problem) return problem;
  const own = [
    person.email ?? '',
    person.email?.split('@')[0] ?? '',
    person.name ?? '',
    'kserowo',
    'konica',
    'minolta',
  ];
  const { score } = zxcvbn().check(password, own.filter(Boolean));
  return score < MIN_PASSWORD_SCORE ? ACCOUNT_ERRORS.passwordWeak : undefined;
}
