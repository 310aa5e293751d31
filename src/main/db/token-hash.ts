/**
 * How the hub keeps a table token at rest (issue 29 §2): its SHA-256 only, hex. A token is 160 random bits, so a
 * plain, fast hash is enough: a slow KDF (scrypt, argon2) protects guessable secrets such as passwords by making
 * each guess costly, and 2^160 guesses stay out of reach whatever one costs. A copy of the database thus pairs no
 * machine, and looking a token up stays one indexed read (a wrong token costs no disk write and no CPU burst).
 */
import crypto from 'node:crypto'
import { canonicalToken } from '../../shared/base32'

export function tokenHash(token: string): string {
  return crypto.createHash('sha256').update(canonicalToken(token), 'utf8').digest('hex')
}
