/** RFC 4648 base32 in lower case, without padding: case-insensitive text that is easy to read aloud and type. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'

export function base32(bytes: Uint8Array): string {
  let out = ''
  let bits = 0
  let value = 0
  for (const b of bytes) {
    value = ((value << 8) | b) & 0xffff
    bits += 8
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31]
  return out
}

/** Code text as typed (spaces and dashes of a printed sheet, either case) in its canonical form. */
export function normalizeCode(text: string): string {
  return text.replace(/[\s-]+/g, '').toLowerCase()
}

/** Groups code text in fours for a printed sheet (`abcd-efgh-…`); `normalizeCode` undoes it. */
export function groupCode(text: string): string {
  return text.replace(/(.{4})(?=.)/g, '$1-')
}

/** A table token as typed (spaces, dashes, either case) in the form it is kept in; an older mixed-case one as given. */
export function canonicalToken(token: string): string {
  const t = normalizeCode(token)
  return /^[a-z2-7]{32}$/.test(t) ? t : token.trim()
}
