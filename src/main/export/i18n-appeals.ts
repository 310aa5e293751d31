/** The protocol's words for amendments on appeal (issue 31 §1), in Russian and English. */
import type { Winner } from '../../shared/game/record'
import { formatSigned } from '../../shared/numbers'
import type { Lang } from './i18n'

export interface AppealLabels {
  /** «Исправлен по апелляции №N». */
  amended: (n: number) => string
  extra: (seat: number, points: number) => string
  penalty: (seat: number, points: number, action: 'give' | 'withdraw') => string
  bestMove: (seats: number[]) => string
  winner: (from: Winner | null, to: Winner) => string
}

const WIN_RU: Record<Winner, string> = { red: 'красные', black: 'чёрные', draw: 'ничья' }
const WIN_EN: Record<Winner, string> = { red: 'red', black: 'black', draw: 'draw' }

export const APPEAL_LABELS: Record<Lang, AppealLabels> = {
  ru: {
    amended: (n) => `Исправлен по апелляции №${n}`,
    extra: (seat, points) => `доп. баллы №${seat}: ${formatSigned(points, 'ru')}`,
    penalty: (seat, points, action) =>
      `${action === 'give' ? 'штраф' : 'снят штраф'} №${seat}: ${formatSigned(points, 'ru')}`,
    bestMove: (seats) => `ЛХ: ${seats.join(', ')}`,
    winner: (from, to) => `победитель: ${from === null ? '—' : WIN_RU[from]} → ${WIN_RU[to]}`,
  },
  en: {
    amended: (n) => `Corrected on appeal No. ${n}`,
    extra: (seat, points) => `extra points seat ${seat}: ${formatSigned(points, 'en')}`,
    penalty: (seat, points, action) =>
      `${action === 'give' ? 'penalty' : 'penalty withdrawn'} seat ${seat}: ${formatSigned(points, 'en')}`,
    bestMove: (seats) => `best move: ${seats.join(', ')}`,
    winner: (from, to) => `winner: ${from === null ? '—' : WIN_EN[from]} → ${WIN_EN[to]}`,
  },
}
