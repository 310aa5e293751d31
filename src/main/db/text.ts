/**
 * Nickname folding for search and uniqueness. SQLite's LOWER()/LIKE fold ASCII only, so "Лиса" and "лиса"
 * would differ; we fold in JS (Unicode lower case, ё→е, NFC, inner whitespace collapsed) and store the folded
 * key in players.nickname_key.
 */
export function foldKey(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('ru-RU').replace(/ё/g, 'е')
}

/** Nickname as stored: NFC, trimmed, inner whitespace collapsed (case kept). */
export function cleanNickname(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ')
}

/** Canonical JSON (object keys sorted) for comparing logs independently of key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value))
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value as Record<string, unknown>).sort()) {
      const v = (value as Record<string, unknown>)[key]
      if (v !== undefined) out[key] = sortKeys(v)
    }
    return out
  }
  return value
}
