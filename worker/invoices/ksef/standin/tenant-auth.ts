/**
 * A stand-in KSeF's sign-ins: the challenge, a KSeF token or a XAdES-signed request, the
 * operation's status, and the access and refresh tokens it redeems for.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { referenceNumber } from '../number.ts';
import { TenantKeys } from './tenant-keys.ts';
import {
  type Answer,
  type AuthOperation,
  day,
  exception,
  type Grant,
  hex,
  type Status,
  unauthorized,
} from './tenant-types.ts';
import { validate } from './xsd.ts';
import { SignatureError, type SignedRequest, verifyAuthTokenRequest } from './xades-verify.ts';

const jwt = (secret: Buffer, payload: Record<string, unknown>): string => {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
};

export class TenantAuth extends TenantKeys {
  readonly challenges = new Map<string, { timestampMs: number; used: boolean }>();
  readonly auths = new Map<string, AuthOperation>();
  readonly refresh = new Map<string, Grant>();
  private readonly secret = randomBytes(32);

  challenge(clientIp: string): Answer {
    const now = new Date();
    const challenge = referenceNumber(day(now), 'CR', hex(10));
    this.challenges.set(challenge, { timestampMs: now.getTime(), used: false });
    return {
      status: 200,
      json: { challenge, timestamp: now.toISOString(), timestampMs: now.getTime(), clientIp },
    };
  }

  private spendChallenge(challenge: string): { timestampMs: number } | Answer {
    const known = this.challenges.get(challenge);
    if (!known || known.used || Date.now() - known.timestampMs > 10 * 60_000)
      return exception(400, 21111, 'Nieprawidłowe wyzwanie autoryzacyjne.');
    known.used = true;
    return known;
  }

  private startAuth(
    nip: string,
    method: AuthOperation['method'],
    status: Status,
    authentication: AuthOperation['authentication'],
  ): Answer {
    const ref = referenceNumber(day(), 'AU', hex(10));
    const until = new Date(Date.now() + 60 * 60_000);
    const token = jwt(this.secret, {
      'token-type': 'OperationToken',
      'operation-reference-number': ref,
      exp: Math.floor(until.getTime() / 1000),
    });
    this.auths.set(ref, {
      ref,
      token,
      nip,
      method,
      status,
      readyAt: Date.now() + this.switches.authDelayMs,
      redeemed: false,
      authentication,
    });
    this.count(`auth ${method}`);
    return {
      status: 202,
      json: { referenceNumber: ref, authenticationToken: { token, validUntil: until.toISOString() } },
    };
  }

  authWithToken(body: {
    challenge: string;
    contextIdentifier: { type: string; value: string };
    encryptedToken: string;
    publicKeyId?: string | null;
  }): Answer {
    const key = this.keyFor('KsefTokenEncryption', body.publicKeyId);
    if ('status' in key) return key;
    const challenge = this.spendChallenge(body.challenge);
    if ('status' in challenge) return challenge;
    const nip = body.contextIdentifier.value;
    let plain: string;
    try {
      plain = this.decryptRsa(key.privateKey, body.encryptedToken).toString('utf8');
    } catch {
      return this.startAuth(
        nip,
        'Token',
        {
          code: 450,
          description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu',
          details: ['Nieprawidłowy token'],
        },
        { tokenRef: '' },
      );
    }
    const cut = plain.lastIndexOf('|');
    const token = plain.slice(0, cut);
    const known = this.tokens.get(token);
    const failed = (detail: string) =>
      this.startAuth(
        nip,
        'Token',
        {
          code: 450,
          description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu',
          details: [detail],
        },
        { tokenRef: known?.ref ?? '' },
      );
    if (Number(plain.slice(cut + 1)) !== challenge.timestampMs) return failed('Nieprawidłowy czas tokena');
    if (!known || body.contextIdentifier.type !== 'Nip' || (known.nip !== null && known.nip !== nip))
      return failed('Nieprawidłowy token');
    return this.startAuth(
      nip,
      'Token',
      { code: 200, description: 'Uwierzytelnianie zakończone sukcesem' },
      { tokenRef: known.ref },
    );
  }

  async authWithSignature(xml: string): Promise<Answer> {
    let signed: SignedRequest;
    try {
      signed = verifyAuthTokenRequest(xml);
    } catch (error) {
      if (!(error instanceof SignatureError)) return exception(400, 21001, 'Nieczytelna treść.', [String(error)]);
      return this.startAuth(
        '',
        'QualifiedSignature',
        {
          code: 460,
          description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędu certyfikatu',
          details: ['Niepoprawny certyfikat', error.message],
        },
        { documentHash: '' },
      );
    }
    const errors = (await validate('AUTH', [signed.unsigned]))[0] ?? [];
    if (errors.length) return exception(400, 21401, 'Dokument nie jest zgodny ze schemą (xsd).', errors);
    const challenge = this.spendChallenge(signed.challenge);
    if ('status' in challenge) return challenge;
    const allowed =
      signed.subjectType === 'certificateFingerprint'
        ? this.fingerprints.get(signed.fingerprint) === signed.contextNip
        : signed.certificateNip === signed.contextNip;
    return this.startAuth(
      signed.contextNip,
      'QualifiedSignature',
      allowed
        ? { code: 200, description: 'Uwierzytelnianie zakończone sukcesem' }
        : {
            code: 415,
            description: 'Uwierzytelnianie zakończone niepowodzeniem',
            details: ['Brak przypisanych uprawnień'],
          },
      { documentHash: signed.documentHash },
    );
  }

  private operation(ref: string | undefined, authorization: string | undefined): AuthOperation | Answer {
    const token = authorization?.replace(/^Bearer\s+/i, '') ?? '';
    const operation = [...this.auths.values()].find((a) => a.token === token && (ref === undefined || a.ref === ref));
    if (!operation) return unauthorized();
    return operation;
  }

  authStatus(ref: string, authorization: string | undefined): Answer {
    const operation = this.operation(ref, authorization);
    if ('status' in operation && !('ref' in operation)) return operation;
    const op = operation as AuthOperation;
    const status = Date.now() < op.readyAt ? { code: 100, description: 'Uwierzytelnianie w toku' } : op.status;
    return {
      status: 200,
      json: {
        startDate: new Date().toISOString(),
        authenticationMethod: op.method,
        authenticationMethodInfo: {
          category: op.method === 'Token' ? 'Token' : 'XadesSignature',
          code: op.method,
          displayName: op.method,
        },
        status,
        isTokenRedeemed: op.redeemed,
      },
    };
  }

  private tokensFor(nip: string, authRef: string) {
    const accessUntil = new Date(Date.now() + this.switches.accessTtlMs);
    const refreshUntil = new Date(Date.now() + 7 * 86_400_000);
    const access = jwt(this.secret, {
      'token-type': 'ContextToken',
      'context-identifier-value': nip,
      nonce: hex(8),
      exp: Math.floor(accessUntil.getTime() / 1000),
    });
    this.access.set(access, { nip, until: accessUntil.getTime(), authRef });
    return { access, accessUntil, refreshUntil };
  }

  redeem(authorization: string | undefined): Answer {
    const operation = this.operation(undefined, authorization);
    if (!('ref' in operation)) return operation;
    if (operation.redeemed || operation.status.code !== 200 || Date.now() < operation.readyAt)
      return exception(400, 21301, 'Brak autoryzacji.', [
        `Tokeny dla operacji uwierzytelniania ${operation.ref} zostały już pobrane.`,
      ]);
    operation.redeemed = true;
    const { access, accessUntil, refreshUntil } = this.tokensFor(operation.nip, operation.ref);
    const refresh = jwt(this.secret, {
      'token-type': 'RefreshToken',
      ref: operation.ref,
      exp: Math.floor(refreshUntil.getTime() / 1000),
    });
    this.refresh.set(refresh, { nip: operation.nip, until: refreshUntil.getTime(), authRef: operation.ref });
    this.count('redeem');
    return {
      status: 200,
      json: {
        accessToken: { token: access, validUntil: accessUntil.toISOString() },
        refreshToken: { token: refresh, validUntil: refreshUntil.toISOString() },
      },
    };
  }

  refreshAccess(authorization: string | undefined): Answer {
    const grant = this.refresh.get(authorization?.replace(/^Bearer\s+/i, '') ?? '');
    if (!grant || grant.until < Date.now()) return unauthorized();
    const { access, accessUntil } = this.tokensFor(grant.nip, grant.authRef);
    this.count('refresh');
    return { status: 200, json: { accessToken: { token: access, validUntil: accessUntil.toISOString() } } };
  }
}
