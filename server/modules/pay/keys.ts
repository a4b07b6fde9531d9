import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto'

/**
 * RSA keys as schools paste them: Alipay's console shows bare base64 (PKCS#1 or PKCS#8 private keys, SPKI public
 * keys), WeChat Pay hands out PEM files. Both are read here, and Alipay's are kept as bare base64 because the
 * alipay-sdk under Bun fails on a PEM that ends in a newline (BAD_BASE64_DECODE).
 */

const bare = (s: string) =>
  s
    .replace(/-----(BEGIN|END)[^-]+-----/g, '')
    .replace(/\s+/g, '')
    .trim()

/** A private key from PEM or bare base64, with its encoding; undefined when it is none. */
export function readPrivateKey(text: string): { key: KeyObject; kind: 'PKCS1' | 'PKCS8'; base64: string } | undefined {
  const base64 = bare(text)
  const der = Buffer.from(base64, 'base64')
  for (const kind of ['PKCS8', 'PKCS1'] as const)
    try {
      const key = createPrivateKey({ key: der, format: 'der', type: kind === 'PKCS8' ? 'pkcs8' : 'pkcs1' })
      if (key.asymmetricKeyType === 'rsa') return { key, kind, base64 }
    } catch {
      // the other encoding may fit
    }
  return undefined
}

/** A public key from PEM (a key or a certificate) or bare base64 SPKI; undefined when it is none. */
export function readPublicKey(text: string): KeyObject | undefined {
  try {
    if (text.includes('-----BEGIN')) return createPublicKey(text.trim())
    return createPublicKey({ key: Buffer.from(bare(text), 'base64'), format: 'der', type: 'spki' })
  } catch {
    return undefined
  }
}

/** The key as PEM (the WeChat Pay client and node:crypto read PEM). */
export const pemOf = (key: KeyObject) =>
  key.type === 'private'
    ? String(key.export({ format: 'pem', type: 'pkcs8' }))
    : String(key.export({ format: 'pem', type: 'spki' }))
