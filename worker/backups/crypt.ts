/**
 * A backup file is encrypted (docs/backups.md "What a backup holds, and who may hold it"): AES-256-GCM
 * under the Worker secret BACKUP_KEY (never in D1), in blocks, so it is written and read as a
 * stream. Layout:
 *
 *   header  "KSEROWO-BACKUP-AESGCM-1\n" (24 bytes), key id (8), nonce prefix (8, random per file)
 *   blocks  flag (1: 0 more, 1 last), length (4, big-endian), ciphertext with its 16-byte tag
 *
 * A block's IV is the nonce prefix and its number (4 bytes); the header, the flag and the number
 * are authenticated with it, so a block changed, moved, dropped, or a file cut after any block
 * but the last, does not decrypt. The key id (SHA-256 of a label and the key, first 8 bytes) tells
 * a wrong key from a damaged file. Inside is the NDJSON of worker/backups/model.ts.
 */
import { sha256Bytes } from '../http/auth.ts';
import { aesKey, keyBytes } from '../http/sealed.ts';
import { RestoreRefused } from './model-restore.ts';

export const BACKUP_KEY_SECRET = 'BACKUP_KEY';
const MAGIC = new TextEncoder().encode('KSEROWO-BACKUP-AESGCM-1\n');
const HEADER_BYTES = MAGIC.length + 16;
/** Plain bytes a block. */
const BLOCK_BYTES = 1 << 20;
const TAG_BYTES = 16;

async function keyId(env: object): Promise<Uint8Array> {
  const label = new TextEncoder().encode('kserowo-backup-key-id');
  const key = keyBytes(env, BACKUP_KEY_SECRET);
  const both = new Uint8Array(label.length + key.length);
  both.set(label);
  both.set(key, label.length);
  return (await sha256Bytes(both)).slice(0, 8);
}

const ivOf = (prefix: Uint8Array, n: number) => {
  const iv = new Uint8Array(12);
  iv.set(prefix);
  new DataView(iv.buffer).setUint32(8, n);
  return iv;
};

const aadOf = (header: Uint8Array, last: boolean, n: number) => {
  const aad = new Uint8Array(header.length + 5);
  aad.set(header);
  aad[header.length] = last ? 1 : 0;
  new DataView(aad.buffer).setUint32(header.length + 1, n);
  return aad;
};

const concat = (a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

/** The backup text `lines`, encrypted under BACKUP_KEY, as byte chunks (a header, then a chunk a block). */
export async function* encryptBackup(env: object, lines: AsyncIterable<string>): AsyncGenerator<Uint8Array> {
  const key = await aesKey(env, BACKUP_KEY_SECRET);
  const prefix = crypto.getRandomValues(new Uint8Array(8));
  const header = new Uint8Array(HEADER_BYTES);
  header.set(MAGIC);
  header.set(await keyId(env), MAGIC.length);
  header.set(prefix, MAGIC.length + 8);
  yield header;
  const encoder = new TextEncoder();
  let n = 0;
  const block = async (plain: Uint8Array<ArrayBuffer>, last: boolean) => {
    const sealed = new Uint8Array(
      await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv: ivOf(prefix, n), additionalData: aadOf(header, last, n) },
        key,
        plain,
      ),
    );
    n++;
    const out = new Uint8Array(5 + sealed.length);
    out[0] = last ? 1 : 0;
    new DataView(out.buffer).setUint32(1, sealed.length);
    out.set(sealed, 5);
    return out;
  };
  let buffered: Uint8Array<ArrayBuffer> = new Uint8Array(0);
  for await (const text of lines) {
    buffered = concat(buffered, encoder.encode(text));
    // A block goes only once more bytes follow it: the last block is known as last.
    while (buffered.length > BLOCK_BYTES) {
      yield await block(buffered.subarray(0, BLOCK_BYTES), false);
      buffered = buffered.slice(BLOCK_BYTES);
    }
  }
  yield await block(buffered, true);
}

/** The text of a backup encrypted by {@link encryptBackup}, from its bytes; refuses ({@link RestoreRefused}) anything else. */
export async function* decryptBackup(
  env: object,
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<string> {
  const key = await aesKey(env, BACKUP_KEY_SECRET);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let buffered = new Uint8Array(0);
  let header: Uint8Array | undefined;
  let n = 0;
  let done = false;
  const take = async function* (): AsyncGenerator<string> {
    if (!header) {
      if (buffered.length < HEADER_BYTES) return;
      header = buffered.slice(0, HEADER_BYTES);
      buffered = buffered.slice(HEADER_BYTES);
      if (!MAGIC.every((b, i) => header?.[i] === b)) {
        const start = new TextDecoder().decode(header.subarray(0, 12));
        throw new RestoreRefused(
          start.startsWith('{"format"')
            ? 'plik nie jest zaszyfrowany (kopia sprzed szyfrowania kopii); odtwórz go wersją kodu z jego dnia'
            : 'to nie jest zaszyfrowana kopia Kserowo',
        );
      }
      const id = await keyId(env);
      if (!id.every((b, i) => header?.[MAGIC.length + i] === b))
        throw new RestoreRefused('kopia jest zaszyfrowana innym kluczem BACKUP_KEY niż podany');
    }
    while (buffered.length >= 5) {
      if (done) throw new RestoreRefused('po ostatnim bloku kopii są jeszcze bajty');
      const last = buffered[0] === 1;
      const length = new DataView(buffered.buffer, buffered.byteOffset).getUint32(1);
      if ((buffered[0] ?? 0) > 1 || length < TAG_BYTES || length > BLOCK_BYTES + TAG_BYTES)
        throw new RestoreRefused(`blok ${n + 1} kopii jest uszkodzony`);
      if (buffered.length < 5 + length) return;
      let plain: ArrayBuffer;
      try {
        plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: ivOf(header.subarray(MAGIC.length + 8), n), additionalData: aadOf(header, last, n) },
          key,
          buffered.slice(5, 5 + length),
        );
      } catch {
        throw new RestoreRefused(`blok ${n + 1} kopii nie przeszedł weryfikacji (plik zmieniony lub uszkodzony)`);
      }
      buffered = buffered.slice(5 + length);
      n++;
      done = last;
      try {
        yield decoder.decode(plain, { stream: !last });
      } catch {
        throw new RestoreRefused(`blok ${n} kopii nie jest tekstem UTF-8`);
      }
    }
  };
  for await (const chunk of chunks) {
    buffered = concat(buffered, chunk);
    yield* take();
  }
  if (!header) throw new RestoreRefused('to nie jest zaszyfrowana kopia Kserowo (plik za krótki)');
  if (!done || buffered.length > 0) {
    if (done) throw new RestoreRefused('po ostatnim bloku kopii są jeszcze bajty');
    throw new RestoreRefused('plik kończy się przed ostatnim blokiem (kopia ucięta)');
  }
}
