import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');

/** Authenticator data flags (WebAuthn §6.1). */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/**
 * A software passkey for API tests: an ES256 key pair and the byte layouts of WebAuthn (the
 * authenticator data, a "none" attestation, an assertion signed over authData || SHA-256 of the
 * client data), so the server's @simplewebauthn verification runs on real signatures.
 */
export class SoftPasskey {
  readonly credentialId = b64url(randomBytes(32));
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  /** The signature counter; authenticators that keep none always send 0. */
  counter = 0;
  userHandle: string | undefined;

  constructor(
    private readonly relyingParty: { rpID: string; origin: string } = { rpID: 'localhost', origin: 'http://localhost:3000' },
    private readonly options: { counts?: boolean } = {},
  ) {}

  private authenticatorData(flags: number, attested?: Uint8Array): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(this.relyingParty.rpID), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  /** Answers navigator.credentials.create's options. */
  register(options: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON {
    this.userHandle = options.user.id;
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
      [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
    ]);
    const id = Buffer.from(this.credentialId, 'base64url');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), length, id, isoCBOR.encode(coseKey)]);
    const attestation = new Map<string, string | Uint8Array | Map<string, string>>();
    attestation.set('fmt', 'none');
    attestation.set('attStmt', new Map<string, string>());
    attestation.set('authData', this.authenticatorData(UP | UV | AT, attested));
    const attestationObject = isoCBOR.encode(attestation);
    const clientData = { type: 'webauthn.create', challenge: options.challenge, origin: this.relyingParty.origin, crossOrigin: false };
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(JSON.stringify(clientData)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** Answers navigator.credentials.get's options (a challenge). */
  assert(challenge: string, overrides: { userVerified?: boolean } = {}): AuthenticationResponseJSON {
    if (this.options.counts) this.counter += 1;
    const authenticatorData = this.authenticatorData(overrides.userVerified === false ? UP : UP | UV);
    const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge, origin: this.relyingParty.origin, crossOrigin: false });
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        ...(this.userHandle && { userHandle: this.userHandle }),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
