/** Small display helpers shared by the page's sections. */

/** A player's photo URL (one helper for every page, in common/photo). */
export { photoSrc as photoUrl } from '../../common/photo'

/** Up to two letters of a nickname for the avatar stand-in. */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s_.-]+/u)
    .filter(Boolean)
  if (words.length === 0) return '?'
  const letters = words.length === 1 ? [...words[0]].slice(0, 2) : [[...words[0]][0], [...words[1]][0]]
  return letters.join('').toUpperCase()
}

/** The last part of a path, whatever the separator (backups are absolute paths on the main side). */
export function baseName(file: string): string {
  return file.split(/[\\/]/).pop() ?? file
}

export function formatDate(iso: string, locale: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  return d.toLocaleString(locale === 'en' ? 'en-GB' : 'ru-RU', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
}

/** The one number format of each language (shared/numbers), re-exported for the page's sections. */
export { formatNumber } from '../../../../shared/numbers'

/** Size in KB below a megabyte, MB above, as { key, n } for the i18n message. */
export function sizeParts(bytes: number): { unit: 'kb' | 'mb'; value: number } {
  if (bytes < 1024 * 1024) return { unit: 'kb', value: Math.max(1, Math.round(bytes / 1024)) }
  return { unit: 'mb', value: Math.round((bytes / (1024 * 1024)) * 10) / 10 }
}

/** A tournament's name, with its number when another one has the same name (e.g. after an import). */
export function tournamentLabel(tn: { id: number; name: string }, all: Array<{ name: string }>): string {
  return all.filter((x) => x.name === tn.name).length > 1 ? `${tn.name} (#${tn.id})` : tn.name
}
