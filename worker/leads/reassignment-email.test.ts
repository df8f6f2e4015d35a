// A manager gives a colleague's lead to someone else: the colleague's e-mail says who has the
// lead now and who gave it, in words that fit any name (no 'przejął(ęła)'), and a lead already
// answered carries no first-answer deadline in anyone's e-mail.
// Each person added costs two PBKDF2 hashes of 100,000 rounds: slow on a shared machine, hence the timeout.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { personWithSession } from '../../tests/worker/accounts-helpers.ts';
import { write } from '../../tests/worker/admin-helpers.ts';

const db = () => (env as unknown as Env).DB;

const nameOf = async (id: number) =>
  (await db().prepare('SELECT name FROM accounts WHERE id = ?').bind(id).first<{ name: string }>())?.name ?? '';

const mailsTo = (recipient: string) =>
  db()
    .prepare('SELECT subject, body FROM outbox WHERE recipient = ? ORDER BY id')
    .bind(recipient)
    .all<{ subject: string; body: string }>()
    .then((r) => r.results);

/** A person's name in a gendered form someone could not choose for them: 'przejął(ęła)', 'przypisał(a)', 'sam(a)'. */
const GUESSED_GENDER = /\w\((a|ęła|-a|aś)\)/;

describe('a manager gives a colleague’s lead to someone else', { timeout: 60_000 }, () => {
  it('tells the colleague the truth: who has it now and who gave it, neutrally, without a deadline already met', async () => {
    const manager = await personWithSession('owner');
    const ala = await personWithSession('sales');
    const bob = await personWithSession('sales');
    const [managerName, bobName] = [await nameOf(manager.id), await nameOf(bob.id)];
    const lead = await write('/api/send-contact-email', {
      name: 'Firma Przekazana',
      email: 'klient@example.pl',
      submissionId: crypto.randomUUID(),
    });
    const { id } = (await lead.json()) as { id: string };
    expect(
      (await write(`/api/admin/leads/${id}/assign`, { accountId: ala.id }, { cookie: manager.cookie })).status,
    ).toBe(200);
    // Ala answers the client: the first-answer promise is met.
    const answered = await write(
      `/api/admin/leads/${id}`,
      { stage: 'contacted' },
      { cookie: ala.cookie, method: 'PATCH' },
    );
    expect(answered.status).toBe(200);
    const moved = await write(`/api/admin/leads/${id}/assign`, { accountId: bob.id }, { cookie: manager.cookie });
    expect(await moved.json()).toMatchObject({ ok: true, emailed: true, colleagueEmailed: true });

    const toAla = (await mailsTo(ala.email)).at(-1);
    expect(toAla?.subject).toBe('Twój lead przekazano innej osobie w panelu Kserowo');
    expect(toAla?.body).toContain(`Prowadzi teraz: ${bobName}`);
    expect(toAla?.body).toContain(`Przekazanie w panelu: ${managerName}`);
    // Never that the manager took it.
    expect(toAla?.body).not.toContain(`${managerName} przejął`);
    const toBob = (await mailsTo(bob.email)).at(-1);
    expect(toBob?.subject).toBe('Przypisano Ci lead w panelu Kserowo');
    for (const mail of [toAla, toBob]) {
      expect(mail?.body).not.toMatch(GUESSED_GENDER);
      expect(mail?.body).toContain('Firma Przekazana');
      // Answered already: no first-answer deadline repeated.
      expect(mail?.body).not.toContain('Pierwsza odpowiedź do');
    }
  });

  it('still gives the deadline to the new owner of a lead not answered yet, and says a takeover neutrally', async () => {
    const ala = await personWithSession('sales');
    const bob = await personWithSession('sales');
    const owner = await personWithSession('owner');
    const lead = await write('/api/send-contact-email', {
      name: 'Firma Czekająca Dalej',
      email: 'klient@example.pl',
      submissionId: crypto.randomUUID(),
    });
    const { id } = (await lead.json()) as { id: string };
    await write(`/api/admin/leads/${id}/assign`, { accountId: ala.id }, { cookie: owner.cookie });
    expect((await mailsTo(ala.email)).at(-1)?.body).toMatch(/Pierwsza odpowiedź do: \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await write(`/api/admin/leads/${id}/take`, {}, { cookie: bob.cookie });
    const toAla = (await mailsTo(ala.email)).at(-1);
    expect(toAla?.subject).toBe('Twój lead przejęła inna osoba w panelu Kserowo');
    expect(toAla?.body).toContain(`Prowadzi teraz: ${await nameOf(bob.id)}`);
    expect(toAla?.body).not.toMatch(GUESSED_GENDER);
  });
});
