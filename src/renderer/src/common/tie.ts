/** The tie line both the panel and the overlay print: «5 : 5 — №2 и №5» / «5 : 5 — #2 and #5». */
import type { TieView } from '../../../shared/game/views'

const lists = new Map<string, Intl.ListFormat>()

export function tieText(tie: Pick<TieView, 'seats' | 'counts'>, locale: string): string {
  const tag = locale === 'en' ? 'en-GB' : 'ru-RU'
  let f = lists.get(tag)
  if (!f) {
    f = new Intl.ListFormat(tag, { style: 'long', type: 'conjunction' })
    lists.set(tag, f)
  }
  const mark = locale === 'en' ? '#' : '№'
  return `${tie.counts.join(' : ')} — ${f.format(tie.seats.map((s) => `${mark}${s}`))}`
}
