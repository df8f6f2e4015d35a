/**
 * The certificate way into KSeF (spec/uwierzytelnianie.md §2.1, spec/auth/podpis-xades.md): an
 * `AuthTokenRequest` (spec/auth/schemy/schemat_auth_v2-1.xsd) with the challenge and the
 * seller's NIP as context, signed XAdES-BES, enveloped (a `ds:Signature` inside the document,
 * reference URI "" with the enveloped-signature and exclusive C14N transforms), SHA-256,
 * RSASSA-PKCS1-v1_5 for an RSA key or ECDSA P-256 (R||S, as XMLDSig 1.1 says) for an EC key,
 * the signing certificate in KeyInfo and in the signed properties (CertDigest). KSeF tokens stop
 * working on 31 December 2026; from then this is the only way in (docs/ksef.md).
 * The signing is xadesjs (on xmldsigjs and WebCrypto) over @xmldom/xmldom: they run in workerd.
 */
import * as xmldom from '@xmldom/xmldom';
import * as xadesjs from 'xadesjs';
import xpath from 'xpath';
import { pemBytes, toBase64 } from './crypto.ts';

export const AUTH_NAMESPACE = 'http://ksef.mf.gov.pl/auth/token/2.1';

export type SubjectIdentifierType = 'certificateSubject' | 'certificateFingerprint';

let ready = false;
function setUp(): void {
  if (ready) return;
  xadesjs.setNodeDependencies({
    DOMParser: xmldom.DOMParser,
    XMLSerializer: xmldom.XMLSerializer,
    DOMImplementation: xmldom.DOMImplementation,
    xpath,
  });
  xadesjs.Application.setEngine('WebCrypto', crypto);
  ready = true;
}

/** The unsigned `AuthTokenRequest` (the challenge is KSeF's own 36-character string, the NIP ten digits). */
export function authTokenRequest(
  challenge: string,
  nip: string,
  subject: SubjectIdentifierType = 'certificateSubject',
): string {
  if (!/^\d{8}-CR-[A-F0-9]{10}-[A-F0-9]{10}-[A-F0-9]{2}$/.test(challenge)) throw new Error('not a KSeF challenge');
  if (!/^\d{10}$/.test(nip)) throw new Error('the context NIP must be ten digits');
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<AuthTokenRequest xmlns="${AUTH_NAMESPACE}">` +
    `<Challenge>${challenge}</Challenge>` +
    `<ContextIdentifier><Nip>${nip}</Nip></ContextIdentifier>` +
    `<SubjectIdentifierType>${subject}</SubjectIdentifierType>` +
    `</AuthTokenRequest>`
  );
}

/** The signing key of a PKCS#8 private key (PEM or base64): RSA first, else EC P-256. */
async function signingKey(privateKey: string): Promise<{ key: CryptoKey; algorithm: Algorithm }> {
  const der = pemBytes(privateKey);
  try {
    const rsa = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
    return { key: await crypto.subtle.importKey('pkcs8', der, rsa, false, ['sign']), algorithm: rsa };
  } catch {
    const ec = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
    return { key: await crypto.subtle.importKey('pkcs8', der, ec, false, ['sign']), algorithm: ec };
  }
}

export interface XadesCredentials {
  /** The signing certificate: PEM or base64 DER (a qualified certificate, a company seal or a KSeF certificate). */
  certificate: string;
  /** Its private key, PKCS#8 (PEM or base64). */
  privateKey: string;
  subject?: SubjectIdentifierType | undefined;
}

/** The `AuthTokenRequest` for `challenge` and `nip`, signed XAdES-BES with `credentials`. */
export async function signedAuthTokenRequest(
  challenge: string,
  nip: string,
  credentials: XadesCredentials,
  signingTime = new Date(),
): Promise<string> {
  setUp();
  const { key, algorithm } = await signingKey(credentials.privateKey);
  const certificate = toBase64(pemBytes(credentials.certificate));
  const document = xadesjs.Parse(authTokenRequest(challenge, nip, credentials.subject));
  const signed = new xadesjs.SignedXml();
  await signed.Sign(algorithm, key, document, {
    x509: [certificate],
    signingCertificate: certificate,
    signingTime: { value: signingTime },
    references: [{ uri: '', hash: 'SHA-256', transforms: ['enveloped', 'exc-c14n'] }],
  });
  const signature = signed.GetXml();
  if (!signature) throw new Error('XAdES: no signature made');
  document.documentElement.appendChild(signature);
  return new xmldom.XMLSerializer().serializeToString(document as unknown as xmldom.Node);
}
