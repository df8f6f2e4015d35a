/**
 * The one-time set-password link for a new team member (or a forgotten password), sent
 * straight through Email Routing rather than the outbox: the owner is shown the link in
 * the panel as well, so the e-mail is best effort.
 */
import { ROLE_LABELS, type Role } from '../admin-shared/roles.ts';
import { SET_PASSWORD_LINK_TERMS } from '../admin-shared/account-validation.ts';

/** Who gets the link, and who added them. */
export interface SetPasswordLetter {
  to: { id: number; email: string; role: Role };
  /** The colleague who added them (the session's user). */
  invitedBy: string;
  link: string;
}

/** The e-mail's subject and plain text. */
export function setPasswordEmail({ to, invitedBy, link }: SetPasswordLetter): { subject: string; text: string } {
  return {
    subject: 'Ustaw hasło do panelu Kserowo',
    text: [
      `Dzień dobry,`,
      '',
      `${invitedBy} dodał(a) Cię do panelu Kserowo (rola: ${ROLE_LABELS[to.role]}).`,
      `Ustaw swoje hasło, otwierając ten link (${SET_PASSWORD_LINK_TERMS}):`,
      link,
      '',
      'Jeśli nie spodziewasz się tej wiadomości, zignoruj ją.',
    ].join('\n'),
  };
}

/** Sends the link; false (and a log line) when Email Routing refuses it. */
export async function sendSetPasswordLink(
  env: {
    SEND_EMAIL: {
      send(message: {
        from: { name: string; email: string };
        to: string;
        subject: string;
        text: string;
      }): Promise<unknown>;
    };
    MAIL_FROM: string;
  },
  letter: SetPasswordLetter,
): Promise<boolean> {
  try {
    await env.SEND_EMAIL.send({
      from: { name: 'Kserowo – panel', email: env.MAIL_FROM },
      to: letter.to.email,
      ...setPasswordEmail(letter),
    });
    return true;
  } catch (error) {
    console.error('accounts: the set-password e-mail was not sent', { id: letter.to.id, error });
    return false;
  }
}
