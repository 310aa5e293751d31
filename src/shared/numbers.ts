/**
 * Numbers as people type and read them: one parser for every numeric field (a Russian judge types «0,3», an
 * English one «0.3»; both mean the same) and one formatter per language for every number shown (the panel, the
 * tournament page, the overlay, the protocol): «1,3» in Russian, «1.3» in English, a real minus sign.
 */

export type NumberLocale = 'ru' | 'en'

/**
 * A decimal number typed by a person: `,` or `.` as the decimal mark, an optional sign (`-`, `−` or `+`),
 * spaces around ignored. Anything else (letters, two marks, thousands separators, an empty field) is null:
 * the caller shows its own message instead of guessing.
 */
export function parseDecimal(text: string): number | null {
  const s = text.trim().replace(/\u2212/g, '-')
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(s)) return null
  const n = Number(s.replace(',', '.'))
  return Number.isFinite(n) ? n : null
}

/** A whole number typed by a person (no decimal part, no sign unless `signed`); else null. */
export function parseWhole(text: string, signed = false): number | null {
  const s = text.trim().replace(/\u2212/g, '-')
  if (!(signed ? /^[+-]?\d+$/ : /^\+?\d+$/).test(s)) return null
  const n = Number(s)
  return Number.isSafeInteger(n) ? n : null
}

const formats = new Map<string, Intl.NumberFormat>()

/**
 * A number in the reader's language: up to `digits` decimals, no trailing zeros, no grouping below 10 000
 * (ru) / 1,000 (en), and U+2212 for a negative value (reads better on stream and in print).
 */
export function formatNumber(n: number, locale: NumberLocale | string, digits = 2): string {
  const tag = locale === 'en' ? 'en-GB' : 'ru-RU'
  const key = `${tag}|${digits}`
  let f = formats.get(key)
  if (!f) {
    f = new Intl.NumberFormat(tag, { minimumFractionDigits: 0, maximumFractionDigits: digits })
    formats.set(key, f)
  }
  // -0 and a rounding to zero print as 0, never as «−0».
  const rounded = Math.round(n * 10 ** digits) / 10 ** digits
  const v = Object.is(rounded, -0) ? 0 : rounded
  return f.format(v).replace(/^-/, '\u2212')
}

/** Points with an explicit sign for a change («+0,3», «−0,5»), e.g. extra points before saving. */
export function formatSigned(n: number, locale: NumberLocale | string, digits = 2): string {
  const s = formatNumber(n, locale, digits)
  return n > 0 ? `+${s}` : s
}
