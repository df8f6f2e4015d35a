/**
 * What a stand-in KSeF does with the invoices it took: decrypts a batch's parts and unzips them,
 * validates every invoice against the FA(3) schema (one pass for all taken together), refuses a
 * seller's repeated type and number with 440 naming the original, numbers the accepted ones with
 * their CRC-8 and writes their UPOs, and settles a closed session with its own UPO.
 */
import { createDecipheriv, randomBytes } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import xpath from 'xpath';
import { ksefNumber, referenceNumber } from '../number.ts';
import { sha256Base64 } from './certificates.ts';
import { TenantAuth } from './tenant-auth.ts';
import { day, hex, type Invoice, MAX_INVOICE_BYTES, type Session } from './tenant-types.ts';
import { unzip } from './unzip.ts';
import { type UpoDocument, upoXml } from './upo.ts';
import { validate } from './xsd.ts';

/** The fields of an FA(3) invoice KSeF reads for its checks. */
function invoiceFields(xml: string): { nip: string; type: string; number: string; issueDate: string } {
  const doc = new DOMParser().parseFromString(xml, 'application/xml') as unknown as Node;
  const text = (path: string) => String(xpath.select(`string(${path})`, doc) ?? '').trim();
  return {
    nip: text("//*[local-name()='Podmiot1']/*[local-name()='DaneIdentyfikacyjne']/*[local-name()='NIP']"),
    type: text("//*[local-name()='Fa']/*[local-name()='RodzajFaktury']"),
    number: text("//*[local-name()='Fa']/*[local-name()='P_2']"),
    issueDate: text("//*[local-name()='Fa']/*[local-name()='P_1']"),
  };
}

export class TenantProcessing extends TenantAuth {
  readonly sessions = new Map<string, Session>();
  readonly invoices = new Map<string, Invoice>();
  readonly byKsefNumber = new Map<string, Invoice>();
  readonly upos = new Map<string, string>();
  /** Seller NIP + type + number → the accepted invoice (KSeF keeps it 10 years). */
  readonly accepted = new Map<string, Invoice>();
  private work: Promise<void> = Promise.resolve();

  protected newInvoice(session: Session, invoiceHash: string, offline: boolean, fileName?: string): Invoice {
    const invoice: Invoice = {
      ref: referenceNumber(day(), 'EE', hex(10)),
      session,
      ordinal: session.invoices.length + 1,
      invoiceHash,
      invoicingDate: new Date().toISOString(),
      status: { code: 150, description: 'Trwa przetwarzanie' },
      offline,
      ...(fileName ? { fileName } : {}),
    };
    session.invoices.push(invoice);
    session.updated = invoice.invoicingDate;
    this.invoices.set(invoice.ref, invoice);
    return invoice;
  }

  /** Invoices taken and not yet processed: processed together (one schema pass), in order. */
  private pending: { invoice: Invoice; xml: Buffer }[] = [];
  private draining = false;

  protected enqueue(items: { invoice: Invoice; xml: Buffer }[]): void {
    this.pending.push(...items);
    if (this.draining) return;
    this.draining = true;
    this.work = (async () => {
      try {
        while (this.pending.length) {
          if (this.switches.processingDelayMs) await new Promise((r) => setTimeout(r, this.switches.processingDelayMs));
          const batch = this.pending.splice(0, 2_000);
          await this.process(batch);
        }
      } catch (error) {
        console.error('KSeF stand-in: processing failed', error);
      } finally {
        this.draining = false;
      }
    })();
  }

  /** Verification and numbering, as KSeF does after it took invoices (one schema pass for all). */
  protected async process(items: { invoice: Invoice; xml: Buffer }[]): Promise<void> {
    const texts = items.map(({ xml }) => xml.toString('utf8'));
    const errors = await validate('FA3', texts);
    items.forEach(({ invoice, xml }, i) => {
      const text = texts[i] as string;
      const schemaErrors = errors[i] ?? [];
      if (xml[0] === 0xef && xml[1] === 0xbb && xml[2] === 0xbf) {
        invoice.status = {
          code: 450,
          description: 'Błąd weryfikacji semantyki dokumentu faktury',
          details: ['Faktura zawiera znak BOM.'],
        };
        return;
      }
      if (xml.length > MAX_INVOICE_BYTES) {
        invoice.status = {
          code: 450,
          description: 'Błąd weryfikacji semantyki dokumentu faktury',
          details: [`Rozmiar faktury przekracza dozwolony rozmiar ${MAX_INVOICE_BYTES} B (1 MB).`],
        };
        return;
      }
      if (schemaErrors.length) {
        invoice.status = {
          code: 450,
          description: 'Błąd weryfikacji semantyki dokumentu faktury',
          details: schemaErrors.slice(0, 5),
        };
        return;
      }
      const fields = invoiceFields(text);
      invoice.number = fields.number;
      if (fields.nip !== invoice.session.nip) {
        invoice.status = { code: 410, description: 'Nieprawidłowy zakres uprawnień' };
        return;
      }
      if (fields.issueDate > day()) {
        invoice.status = {
          code: 450,
          description: 'Błąd weryfikacji semantyki dokumentu faktury',
          details: ['Data wystawienia faktury (P_1) jest późniejsza niż data jej przyjęcia.'],
        };
        return;
      }
      const unique = `${fields.nip}|${fields.type}|${fields.number}`;
      const original = this.accepted.get(unique);
      if (original?.ksefNumber) {
        invoice.status = {
          code: 440,
          description: 'Duplikat faktury',
          details: [
            `Duplikat faktury. Faktura o numerze KSeF: ${original.ksefNumber} została już prawidłowo przesłana do systemu w sesji: ${original.session.ref}`,
          ],
          extensions: { originalSessionReferenceNumber: original.session.ref, originalKsefNumber: original.ksefNumber },
        };
        this.count('duplicate');
        return;
      }
      const named = this.switches.rejectNumbers?.indexOf(fields.number) ?? -1;
      if (named >= 0) {
        this.switches.rejectNumbers?.splice(named, 1);
        invoice.status = {
          code: 450,
          description: 'Błąd weryfikacji semantyki dokumentu faktury',
          details: [`Odrzucona na życzenie testu: ${fields.number}.`],
        };
        return;
      }
      if (this.switches.rejectNext > 0) {
        this.switches.rejectNext--;
        invoice.status = {
          code: 450,
          description: 'Błąd weryfikacji semantyki dokumentu faktury',
          details: ['Odrzucona na życzenie testu.'],
        };
        return;
      }
      const now = new Date();
      invoice.ksefNumber = ksefNumber(fields.nip, day(now), hex(6));
      invoice.acquisitionDate = now.toISOString();
      invoice.status = { code: 200, description: 'Sukces' };
      const document: UpoDocument = {
        sellerNip: fields.nip,
        ksefNumber: invoice.ksefNumber,
        invoiceNumber: fields.number,
        issueDate: fields.issueDate,
        sentAt: invoice.invoicingDate,
        acquiredAt: invoice.acquisitionDate,
        hash: invoice.invoiceHash,
        offline: invoice.offline || fields.issueDate < day(now),
      };
      invoice.upo = upoXml({
        sessionRef: invoice.session.ref,
        contextNip: invoice.session.nip,
        authentication: invoice.session.authentication,
        documents: [document],
      });
      invoice.upoId = randomBytes(12).toString('hex');
      this.upos.set(invoice.upoId, invoice.upo);
      this.accepted.set(unique, invoice);
      this.byKsefNumber.set(invoice.ksefNumber, invoice);
      this.count('accepted');
    });
    for (const session of new Set(items.map(({ invoice }) => invoice.session))) this.settle(session);
  }

  /** A closed session whose invoices are all processed gets its final status and its UPO. */
  protected settle(session: Session): void {
    if (!session.closed || session.status.code >= 200) return;
    if (session.invoices.some((i) => i.status.code < 200)) return;
    const good = session.invoices.filter((i) => i.status.code === 200);
    session.updated = new Date().toISOString();
    if (!session.invoices.length) {
      session.status = { code: 440, description: 'Sesja anulowana', details: ['Nie przesłano faktur'] };
      return;
    }
    if (!good.length) {
      session.status = { code: 445, description: 'Błąd weryfikacji, brak poprawnych faktur' };
      return;
    }
    session.status = {
      code: 200,
      description:
        session.kind === 'online'
          ? 'Sesja interaktywna przetworzona pomyślnie'
          : 'Sesja wsadowa przetworzona pomyślnie',
    };
    const documents = good.map((i) => {
      const fields = {
        sellerNip: session.nip,
        ksefNumber: i.ksefNumber as string,
        invoiceNumber: i.number ?? '',
        hash: i.invoiceHash,
      };
      return {
        ...fields,
        issueDate: /<DataWystawieniaFaktury>([^<]+)</.exec(i.upo ?? '')?.[1] ?? day(),
        sentAt: i.invoicingDate,
        acquiredAt: i.acquisitionDate as string,
        offline: i.offline,
      };
    });
    session.upo = {
      ref: referenceNumber(day(), 'EU', hex(10)),
      xml: upoXml({
        sessionRef: session.ref,
        contextNip: session.nip,
        authentication: session.authentication,
        documents,
      }),
    };
  }

  protected async processBatch(session: Session): Promise<void> {
    if (this.switches.processingDelayMs) await new Promise((r) => setTimeout(r, this.switches.processingDelayMs));
    const batch = session.batch;
    if (!batch) return;
    const fail = (code: number, description: string) => {
      session.status = { code, description };
    };
    const parts: Buffer[] = [];
    for (const part of [...batch.parts].sort((a, b) => a.ordinalNumber - b.ordinalNumber)) {
      const bytes = session.uploads.get(part.ordinalNumber);
      if (!bytes || bytes.length !== part.fileSize || sha256Base64(bytes) !== part.fileHash)
        return fail(405, 'Błąd weryfikacji poprawności dostarczonych elementów paczki');
      try {
        const decipher = createDecipheriv('aes-256-cbc', session.key, session.iv);
        parts.push(Buffer.concat([decipher.update(bytes), decipher.final()]));
      } catch {
        return fail(435, 'Błąd odszyfrowania zaszyfrowanych części archiwum');
      }
    }
    const archive = Buffer.concat(parts);
    if (archive.length !== batch.fileSize || sha256Base64(archive) !== batch.fileHash)
      return fail(405, 'Błąd weryfikacji poprawności dostarczonych elementów paczki');
    let files: { name: string; data: Buffer }[];
    try {
      files = unzip(archive);
    } catch {
      return fail(430, 'Błąd dekompresji pierwotnego archiwum');
    }
    if (files.length > 10_000) return fail(420, 'Przekroczony limit faktur w sesji');
    const items = files.map((file) => ({
      invoice: this.newInvoice(session, sha256Base64(file.data), session.offlineMode, file.name),
      xml: file.data,
    }));
    this.enqueue(items);
  }

  /** Waits until every invoice taken so far is processed. */
  async idle(): Promise<void> {
    while (this.draining || this.pending.length) await this.work;
  }
}
