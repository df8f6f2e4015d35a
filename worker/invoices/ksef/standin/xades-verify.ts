/**
 * The stand-in's check of a signed `AuthTokenRequest` (spec/auth/podpis-xades.md), with
 * xml-crypto — another implementation than the client's xadesjs, so a signature both accept
 * is XMLDSig, not one library agreeing with itself: the signature over the whole document
 * (an enveloped reference, URI ""), XAdES signed properties whose certificate digest is the
 * certificate in KeyInfo, and who signed: the certificate's subject NIP or its fingerprint.
 */
import { createHash, createPublicKey, type KeyLike, verify, X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import xpath from 'xpath';

const DS = 'http://www.w3.org/2000/09/xmldsig#';

export interface SignedRequest {
  /** The document without its signature, for the schema. */
  unsigned: string;
  challenge: string;
  contextNip: string;
  subjectType: string;
  /** The signer: NIP from the certificate's subject, and its SHA-256 fingerprint (hex). */
  certificateNip: string | null;
  fingerprint: string;
  /** SHA-256 (base64) of the document as received: the UPO's `SkrotDokumentuUwierzytelniajacego`. */
  documentHash: string;
}

export class SignatureError extends Error {}

/**
 * ECDSA P-256 with SHA-256 for xml-crypto, which has RSA only: XMLDSig 1.1's SignatureValue is
 * R || S (IEEE P1363), as KSeF requires of an EC signature.
 */
class EcdsaSha256 {
  getSignature(): string {
    throw new Error('the stand-in only verifies');
  }
  verifySignature(material: string, key: KeyLike, signatureValue: string): boolean {
    const publicKey = createPublicKey(key as string);
    return verify(
      'sha256',
      Buffer.from(material),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signatureValue, 'base64'),
    );
  }
  getAlgorithmName(): string {
    return 'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256';
  }
}

const text = (doc: Node, path: string): string => String(xpath.select(`string(${path})`, doc) ?? '').trim();

export function verifyAuthTokenRequest(xml: string): SignedRequest {
  const doc = new DOMParser().parseFromString(xml, 'application/xml') as unknown as Node;
  const signature = xpath.select1(`//*[local-name()='Signature' and namespace-uri()='${DS}']`, doc) as Node | undefined;
  if (!signature) throw new SignatureError('no signature');
  const certificateB64 = text(signature, `.//*[local-name()='X509Certificate']`).replace(/\s+/g, '');
  if (!certificateB64) throw new SignatureError('no certificate in KeyInfo');
  const certificateDer = Buffer.from(certificateB64, 'base64');
  const certificate = new X509Certificate(certificateDer);
  const verifier = new SignedXml({ publicCert: certificate.toString() });
  (verifier.SignatureAlgorithms as Record<string, unknown>)['http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256'] =
    EcdsaSha256;
  verifier.loadSignature(signature);
  let valid = false;
  try {
    valid = verifier.checkSignature(xml);
  } catch (error) {
    throw new SignatureError(`signature check failed: ${String(error)}`);
  }
  if (!valid) throw new SignatureError('the signature does not verify');
  const references = xpath.select(
    `.//*[local-name()='SignedInfo']/*[local-name()='Reference']`,
    signature,
  ) as Element[];
  const whole = references.find((r) => r.getAttribute('URI') === '');
  if (
    !whole ||
    !text(whole as unknown as Node, `.//*[local-name()='Transform']/@Algorithm`).includes('enveloped-signature')
  )
    throw new SignatureError('the signature does not cover the whole document (enveloped, URI "")');
  if (!references.some((r) => r.getAttribute('Type') === 'http://uri.etsi.org/01903#SignedProperties'))
    throw new SignatureError('no XAdES signed properties');
  const certDigest = text(signature, `.//*[local-name()='SigningCertificate']//*[local-name()='DigestValue']`);
  if (certDigest !== createHash('sha256').update(certificateDer).digest('base64'))
    throw new SignatureError('the signing certificate digest does not match the certificate');
  const subject = certificate.subject;
  const person = /serialNumber=(?:TINPL|NIP)\D*?(\d{10})/.exec(subject)?.[1];
  const seal = /(?:organizationIdentifier|2\.5\.4\.97)=VATPL\D*?(\d{10})/.exec(subject)?.[1];
  const unsignedDoc = new DOMParser().parseFromString(xml, 'application/xml');
  const own = unsignedDoc.getElementsByTagNameNS(DS, 'Signature')[0];
  own?.parentNode?.removeChild(own);
  return {
    unsigned: unsignedDoc.toString(),
    challenge: text(doc, `//*[local-name()='Challenge']`),
    contextNip: text(doc, `//*[local-name()='ContextIdentifier']/*[local-name()='Nip']`),
    subjectType: text(doc, `//*[local-name()='SubjectIdentifierType']`),
    certificateNip: person ?? seal ?? null,
    fingerprint: createHash('sha256').update(certificateDer).digest('hex'),
    documentHash: createHash('sha256').update(xml, 'utf8').digest('base64'),
  };
}
