/**
 * Limits every door shares (the contract's schemas, the registry's checks, the CSV import, a game's seats), so a
 * player registered in one place always fits in every other.
 */
import { z } from 'zod'

/** A player's nickname (and a game seat's name): at most this many characters after trimming. */
export const NICKNAME_MAX = 60

/** An appeal's text: at most this many characters after trimming. */
export const APPEAL_TEXT_MAX = 2000

// eslint-disable-next-line no-control-regex -- control characters (but \t \n \r) are exactly what is refused
const NO_CONTROL = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/

/**
 * A free text of 1–`max` characters after trimming with no control characters (NUL, escapes) but line breaks and
 * tabs: the registry's rule for names, with room for a paragraph.
 */
export function boundedText(max: number): z.ZodString {
  return z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(NO_CONTROL, 'control characters (such as NUL) are not allowed')
}
