/**
 * The browser sends md5(password) in hex (the contract); we store argon2id of
 * that string, so the stored hash never equals what crosses the wire.
 */
export const md5Hex = (plain: string) => new Bun.CryptoHasher('md5').update(plain).digest('hex')

/** Accepts either the md5 hex the web sends or, from the CLI, a plain password. */
export const normalizePassword = (v: string) => (/^[0-9a-f]{32}$/i.test(v) ? v.toLowerCase() : md5Hex(v))

export const hashPassword = (md5: string) => Bun.password.hashSync(normalizePassword(md5), { algorithm: 'argon2id' })

export const verifyPassword = (md5: string, hash: string) => Bun.password.verify(normalizePassword(md5), hash)
