/**
 * One KSeF of the stand-in: its own key pairs and certificates, tokens, sign-ins, sessions and
 * invoices, its limits and its switches. The server keeps a default one (`/v2`, for npm start)
 * and makes fresh ones for tests (`/t/<id>/v2`), so a test that switches KSeF off or rotates
 * its keys touches no other test.
 *
 * What it does as KSeF does (spec/*.md, spec/open-api.json): decrypts the token and the session
 * keys with its own private keys (RSA-OAEP SHA-256) and each invoice with the session's AES key,
 * checks the declared hashes and sizes, validates every invoice against the FA(3) schema,
 * refuses a seller's repeated type and number with 440 naming the original, gives KSeF numbers
 * with their CRC-8 and UPOs after the v4-3 schema, and answers 429 past the documented limits.
 */
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { sha256Base64 } from './certificates.ts';
import { TenantProcessing } from './tenant-processing.ts';
import {
  type Answer,
  day,
  exception,
  type Grant,
  hex,
  type Invoice,
  MAX_INVOICE_BYTES,
  type Session,
} from './tenant-types.ts';
import { referenceNumber } from '../number.ts';

/**
 * The API of a stand-in KSeF's sessions: online and batch sessions opened, sent to and closed,
 * their statuses, invoices and UPOs; built on its keys (tenant-keys.ts), sign-ins
 * (tenant-auth.ts) and processing (tenant-processing.ts).
 */
export class Tenant extends TenantProcessing {
  /**
   * Whether an access grant holds one of `permissions` in its context: a token's own
   * permissions; a signature's sign-in (the certificate of the context's owner) holds them all.
   */
  permits(grant: Grant, permissions: readonly string[]): boolean {
    const auth = this.auths.get(grant.authRef);
    if (!auth || !('tokenRef' in auth.authentication)) return true;
    const ref = auth.authentication.tokenRef;
    const token = [...this.tokens.values()].find((t) => t.ref === ref);
    return permissions.some((p) => token?.permissions.includes(p));
  }

  /** A session's form code: FA (3) 1-0E FA is what this stand-in takes (KSeF also FA (2), PEF …, which we never send). */
  protected formCodeProblem(formCode: {
    systemCode: string;
    schemaVersion: string;
    value: string;
  }): Answer | undefined {
    if (formCode.systemCode === 'FA (3)' && formCode.schemaVersion === '1-0E' && formCode.value === 'FA')
      return undefined;
    return exception(400, 21405, 'Błąd walidacji danych wejściowych.', ['Wskazany kod formularza nie jest wspierany.']);
  }

  protected newSession(
    kind: 'online' | 'batch',
    grant: Grant,
    encryption: { encryptedSymmetricKey: string; initializationVector: string; publicKeyId?: string | null },
    offlineMode: boolean,
  ): Session | Answer {
    const key = this.keyFor('SymmetricKeyEncryption', encryption.publicKeyId);
    if ('status' in key) return key;
    const iv = Buffer.from(encryption.initializationVector, 'base64');
    let aes: Buffer;
    try {
      aes = this.decryptRsa(key.privateKey, encryption.encryptedSymmetricKey);
    } catch {
      aes = Buffer.alloc(0);
    }
    const now = new Date().toISOString();
    const auth = this.auths.get(grant.authRef);
    const session: Session = {
      ref: referenceNumber(day(), kind === 'online' ? 'SO' : 'SB', hex(10)),
      kind,
      nip: grant.nip,
      key: aes,
      iv,
      status:
        aes.length === 32 && iv.length === 16
          ? { code: 100, description: kind === 'online' ? 'Sesja interaktywna otwarta' : 'Sesja wsadowa rozpoczęta' }
          : { code: 415, description: 'Błąd odszyfrowania dostarczonego klucza' },
      opened: now,
      updated: now,
      closed: false,
      offlineMode,
      invoices: [],
      authentication: auth?.authentication ?? { tokenRef: '' },
      uploads: new Map(),
    };
    this.sessions.set(session.ref, session);
    this.count(`open ${kind}`);
    return session;
  }

  openOnline(
    grant: Grant,
    body: {
      formCode: { systemCode: string; schemaVersion: string; value: string };
      encryption: { encryptedSymmetricKey: string; initializationVector: string; publicKeyId?: string | null };
    },
  ): Answer {
    const refused = this.formCodeProblem(body.formCode);
    if (refused) return refused;
    const session = this.newSession('online', grant, body.encryption, false);
    if (!('ref' in session)) return session;
    const validUntil = new Date(Date.now() + 12 * 3_600_000).toISOString();
    return { status: 201, json: { referenceNumber: session.ref, validUntil } };
  }

  protected ownSession(ref: string, grant: Grant): Session | Answer {
    const session = this.sessions.get(ref);
    if (!session || session.nip !== grant.nip)
      return exception(400, 21173, 'Brak sesji o wskazanym numerze referencyjnym.', [
        `Sesja o numerze referencyjnym ${ref} nie została odnaleziona.`,
      ]);
    return session;
  }

  sendOnline(
    grant: Grant,
    ref: string,
    body: {
      invoiceHash: string;
      invoiceSize: number;
      encryptedInvoiceHash: string;
      encryptedInvoiceSize: number;
      encryptedInvoiceContent: string;
      offlineMode?: boolean;
    },
  ): Answer {
    const session = this.ownSession(ref, grant);
    if (!('ref' in session)) return session;
    if (session.kind !== 'online' || session.closed || session.status.code !== 100)
      return exception(400, 21180, 'Status sesji nie pozwala na wykonanie operacji.', [
        `Status sesji ${session.status.code} uniemożliwia wysyłkę faktur.`,
      ]);
    if (session.invoices.length >= 10_000)
      return exception(400, 21155, 'Przekroczono dozwoloną liczbę faktur w sesji.', [
        `Sesja o numerze referencyjnym ${ref} osiągnęła dozwolony limit liczby faktur 10000.`,
      ]);
    if (body.invoiceSize > MAX_INVOICE_BYTES)
      return exception(400, 21405, 'Błąd walidacji danych wejściowych.', [
        `Rozmiar faktury ${body.invoiceSize} B przekracza dozwolony rozmiar ${MAX_INVOICE_BYTES} B (1 MB).`,
      ]);
    const encrypted = Buffer.from(body.encryptedInvoiceContent, 'base64');
    if (encrypted.length !== body.encryptedInvoiceSize)
      return exception(400, 21402, 'Nieprawidłowy rozmiar pliku.', [
        'Długość treści nie zgadza się z rozmiarem pliku.',
      ]);
    if (sha256Base64(encrypted) !== body.encryptedInvoiceHash)
      return exception(400, 21403, 'Nieprawidłowy skrót pliku.', ['Skrót treści nie zgadza się ze skrótem pliku.']);
    const invoice = this.newInvoice(session, body.invoiceHash, Boolean(body.offlineMode));
    let plain: Buffer | undefined;
    try {
      const decipher = createDecipheriv('aes-256-cbc', session.key, session.iv);
      plain = Buffer.concat([decipher.update(encrypted), decipher.final()]);
    } catch {
      invoice.status = { code: 435, description: 'Błąd odszyfrowania pliku' };
    }
    if (plain && (plain.length !== body.invoiceSize || sha256Base64(plain) !== body.invoiceHash)) {
      invoice.status = {
        code: 430,
        description: 'Błąd weryfikacji pliku faktury',
        details: ['Skrót lub rozmiar faktury nie zgadza się z treścią.'],
      };
      plain = undefined;
    }
    if (plain) {
      this.enqueue([{ invoice, xml: plain }]);
    }
    this.count('send invoice');
    return { status: 202, json: { referenceNumber: invoice.ref } };
  }

  closeOnline(grant: Grant, ref: string): Answer {
    const session = this.ownSession(ref, grant);
    if (!('ref' in session)) return session;
    if (session.kind !== 'online' || session.closed)
      return exception(400, 21180, 'Status sesji nie pozwala na wykonanie operacji.', [
        `Status sesji ${session.status.code} uniemożliwia jej zamknięcie.`,
      ]);
    session.closed = true;
    if (session.status.code === 100) session.status = { code: 170, description: 'Sesja interaktywna zamknięta' };
    this.settle(session);
    this.count('close online');
    return { status: 204 };
  }

  openBatch(
    grant: Grant,
    body: {
      batchFile: {
        fileSize: number;
        fileHash: string;
        fileParts: { ordinalNumber: number; fileSize: number; fileHash: string }[];
      };
      encryption: { encryptedSymmetricKey: string; initializationVector: string; publicKeyId?: string | null };
      offlineMode?: boolean;
      formCode: { systemCode: string; schemaVersion: string; value: string };
    },
  ): Answer {
    const refused = this.formCodeProblem(body.formCode);
    if (refused) return refused;
    if (body.batchFile.fileParts.length > 50)
      return exception(400, 21405, 'Błąd walidacji danych wejściowych.', ['Maksymalna liczba części to 50.']);
    const session = this.newSession('batch', grant, body.encryption, Boolean(body.offlineMode));
    if (!('ref' in session)) return session;
    session.batch = {
      fileSize: body.batchFile.fileSize,
      fileHash: body.batchFile.fileHash,
      parts: body.batchFile.fileParts,
    };
    return {
      status: 201,
      json: {
        referenceNumber: session.ref,
        partUploadRequests: body.batchFile.fileParts.map((part) => ({
          ordinalNumber: part.ordinalNumber,
          method: 'PUT',
          url: `${this.storageUrl}/${session.ref.toLowerCase()}/batch-parts/${part.ordinalNumber}?sig=${hex(16)}`,
          headers: { 'x-ms-blob-type': 'BlockBlob' },
        })),
      },
    };
  }

  /** `PUT` of a batch part to its upload address (no access token: the address is the key). */
  upload(sessionRef: string, ordinal: number, bytes: Buffer, blobType: string | undefined): Answer {
    const session = [...this.sessions.values()].find((s) => s.ref.toLowerCase() === sessionRef);
    if (!session?.batch || session.closed || !session.batch.parts.some((p) => p.ordinalNumber === ordinal))
      return { status: 403, text: 'AuthorizationFailure' };
    if (blobType !== 'BlockBlob') return { status: 400, text: 'MissingRequiredHeader x-ms-blob-type' };
    session.uploads.set(ordinal, bytes);
    this.count('upload part');
    return { status: 201 };
  }

  closeBatch(grant: Grant, ref: string): Answer {
    const session = this.ownSession(ref, grant);
    if (!('ref' in session)) return session;
    if (session.kind !== 'batch' || session.closed)
      return exception(400, 21180, 'Status sesji nie pozwala na wykonanie operacji.', [
        `Status sesji ${session.status.code} uniemożliwia jej zamknięcie.`,
      ]);
    session.closed = true;
    this.count('close batch');
    if (session.status.code !== 100) return { status: 204 };
    session.status = { code: 150, description: 'Trwa przetwarzanie' };
    void this.processBatch(session);
    return { status: 204 };
  }

  sessionStatus(grant: Grant, ref: string): Answer {
    const session = this.ownSession(ref, grant);
    if (!('ref' in session)) return session;
    const good = session.invoices.filter((i) => i.status.code === 200).length;
    const failed = session.invoices.filter((i) => i.status.code >= 400).length;
    return {
      status: 200,
      json: {
        status: session.status,
        dateCreated: session.opened,
        dateUpdated: session.updated,
        ...(session.upo
          ? {
              upo: {
                pages: [
                  {
                    referenceNumber: session.upo.ref,
                    downloadUrl: `${this.baseUrl}/sessions/${session.ref}/upo/${session.upo.ref}`,
                    downloadUrlExpirationDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
                  },
                ],
              },
            }
          : {}),
        invoiceCount: session.invoices.length,
        successfulInvoiceCount: good,
        failedInvoiceCount: failed,
      },
    };
  }

  protected invoiceJson(invoice: Invoice) {
    return {
      ordinalNumber: invoice.ordinal,
      ...(invoice.number ? { invoiceNumber: invoice.number } : {}),
      ...(invoice.ksefNumber ? { ksefNumber: invoice.ksefNumber } : {}),
      referenceNumber: invoice.ref,
      invoiceHash: invoice.invoiceHash,
      ...(invoice.fileName ? { invoiceFileName: invoice.fileName } : {}),
      ...(invoice.acquisitionDate ? { acquisitionDate: invoice.acquisitionDate } : {}),
      invoicingDate: invoice.invoicingDate,
      ...(invoice.upoId
        ? {
            upoDownloadUrl: `${this.storageUrl}/invoice-upo/${invoice.upoId}.xml`,
            upoDownloadUrlExpirationDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
          }
        : {}),
      invoicingMode: invoice.offline ? 'Offline' : 'Online',
      status: invoice.status,
    };
  }

  sessionInvoices(grant: Grant, ref: string, pageSize: number, continuation: string | undefined): Answer {
    const session = this.ownSession(ref, grant);
    if (!('ref' in session)) return session;
    const size = Math.min(1000, Math.max(10, pageSize || 10));
    const from = continuation ? Number(Buffer.from(continuation, 'base64').toString('utf8')) : 0;
    if (!Number.isInteger(from) || from < 0)
      return exception(400, 21418, 'Przekazany token kontynuacji ma nieprawidłowy format.');
    const page = session.invoices.slice(from, from + size);
    const next = from + size < session.invoices.length ? Buffer.from(String(from + size)).toString('base64') : null;
    return {
      status: 200,
      json: { ...(next ? { continuationToken: next } : {}), invoices: page.map((i) => this.invoiceJson(i)) },
    };
  }

  sessionInvoice(grant: Grant, ref: string, invoiceRef: string): Answer {
    const session = this.ownSession(ref, grant);
    if (!('ref' in session)) return session;
    const invoice = session.invoices.find((i) => i.ref === invoiceRef);
    if (!invoice) return exception(400, 21405, 'Błąd walidacji danych wejściowych.', ['Nie znaleziono faktury.']);
    return { status: 200, json: this.invoiceJson(invoice) };
  }

  invoiceUpo(grant: Grant, ref: string, ksefNumberValue: string): Answer {
    const session = this.ownSession(ref, grant);
    if (!('ref' in session)) return session;
    const invoice = session.invoices.find((i) => i.ksefNumber === ksefNumberValue);
    if (!invoice?.upo)
      return exception(400, 21178, 'Nie znaleziono UPO dla podanych kryteriów.', [
        `UPO o numerze KSeF ${ksefNumberValue} i numerze referencyjnym sesji ${ref} nie zostało znalezione.`,
      ]);
    return {
      status: 200,
      text: invoice.upo,
      contentType: 'application/xml',
      headers: { 'x-ms-meta-hash': sha256Base64(Buffer.from(invoice.upo)) },
    };
  }

  sessionUpo(grant: Grant, ref: string, upoRef: string): Answer {
    const session = this.ownSession(ref, grant);
    if (!('ref' in session)) return session;
    if (session.upo?.ref !== upoRef) return exception(400, 21178, 'Nie znaleziono UPO dla podanych kryteriów.');
    return { status: 200, text: session.upo.xml, contentType: 'application/xml' };
  }

  /** An invoice UPO's download link (no access token, no limits). */
  download(upoId: string): Answer {
    const upo = this.upos.get(upoId);
    return upo
      ? {
          status: 200,
          text: upo,
          contentType: 'application/xml',
          headers: { 'x-ms-meta-hash': sha256Base64(Buffer.from(upo)) },
        }
      : { status: 404, text: 'BlobNotFound' };
  }

  /** What a test asserts on: every invoice KSeF accepted, and the counters. */
  report() {
    return {
      accepted: [...this.accepted.values()].map((i) => ({
        ksefNumber: i.ksefNumber,
        number: i.number,
        nip: i.session.nip,
        session: i.session.ref,
        offline: i.offline,
      })),
      invoices: [...this.invoices.values()].map((i) => ({
        ref: i.ref,
        session: i.session.ref,
        code: i.status.code,
        number: i.number,
      })),
      sessions: [...this.sessions.values()].map((s) => ({
        ref: s.ref,
        kind: s.kind,
        code: s.status.code,
        invoices: s.invoices.length,
      })),
      counts: Object.fromEntries(this.counts),
    };
  }
}

/** Encrypts like a client (for the stand-in's own tests). */
export function aesEncryptNode(key: Buffer, iv: Buffer, data: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

export const sha256Hex = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');
