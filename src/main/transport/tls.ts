/**
 * The hub's TLS identity (issue 29 §2): a self-signed certificate made once, at the first start, with the
 * `selfsigned` library, and kept with the other secrets beside the database (never inside it, so never in a
 * backup or an export). The hub's identity IS this certificate: a table pins its SHA-256 fingerprint from the
 * pairing code (as Syncthing pairs devices), so the hub's address may change without a new pairing, and a machine
 * that takes over the hub's address without its private key gets nothing.
 */
import { createHash, createPrivateKey, X509Certificate } from 'node:crypto'
import { generate } from 'selfsigned'
import type { SecretStore } from '../secrets'
import { base32 } from '../../shared/base32'
import { AppError, appError } from '../../shared/errors'

/** The secret store's names of the hub's certificate and its private key (PEM). */
export const TLS_CERT_SECRET = 'hub.tls.cert'
export const TLS_KEY_SECRET = 'hub.tls.key'

export interface TlsIdentity {
  cert: string
  key: string
  /** SHA-256 of the certificate's DER bytes, as the pairing code carries it (see `fingerprintText`). */
  fingerprint: string
}

/** The fingerprint of a certificate's DER bytes: base32 of its SHA-256 (52 characters). */
export function fingerprintOf(der: Uint8Array): string {
  return base32(createHash('sha256').update(der).digest())
}

function usable(cert: string, key: string, now: number): boolean {
  try {
    const x = new X509Certificate(cert)
    return Date.parse(x.validTo) > now + 24 * 3600_000 && x.checkPrivateKey(createPrivateKey(key))
  } catch {
    return false
  }
}

/**
 * The hub's identity: the one kept in the secret store, or a new one (ECDSA P-256, valid 20 years) made and
 * kept now. A store that cannot keep it is an error: an identity that changes at every start would break every
 * pairing.
 */
export async function hubIdentity(secrets: SecretStore, now = Date.now()): Promise<TlsIdentity> {
  const cert = secrets.get(TLS_CERT_SECRET)
  const key = secrets.get(TLS_KEY_SECRET)
  if (cert && key && usable(cert, key, now)) {
    return { cert, key, fingerprint: fingerprintOf(new X509Certificate(cert).raw) }
  }
  const made = await generate([{ name: 'commonName', value: 'Mafia Desk hub' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now - 24 * 3600_000),
    notAfterDate: new Date(now + 20 * 365 * 24 * 3600_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true },
      { name: 'extKeyUsage', serverAuth: true },
    ],
  })
  try {
    secrets.set(TLS_KEY_SECRET, made.private)
    secrets.set(TLS_CERT_SECRET, made.cert)
  } catch (err) {
    throw new AppError(
      appError(
        'transport/tls_identity',
        `Не удалось сохранить сертификат главного компьютера: ${String(err)}`,
        `Could not keep the hub's certificate: ${String(err)}`,
      ),
    )
  }
  return {
    cert: made.cert,
    key: made.private,
    fingerprint: fingerprintOf(new X509Certificate(made.cert).raw),
  }
}
