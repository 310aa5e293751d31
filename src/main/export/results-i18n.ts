/** The result exports' own column names (export/results.ts), in Russian and English; the rest come from i18n.ts. */
import type { Lang } from './i18n'

export interface ResultLabels {
  classificationScore: string
  overallRank: string
  seriesPoints: string
  tournaments: string
  tournamentWins: string
  bestPlace: string
  rating: string
  ratedGames: string
  placeIn: (tournament: string) => string
  pointsIn: (tournament: string) => string
}

const RU: ResultLabels = {
  classificationScore: 'Очки классификации',
  overallRank: 'Место в общем зачёте',
  seriesPoints: 'Очки серии',
  tournaments: 'Турниры',
  tournamentWins: 'Победы в турнирах',
  bestPlace: 'Лучшее место',
  rating: 'Рейтинг',
  ratedGames: 'Игр в рейтинге',
  placeIn: (t) => `${t}: место`,
  pointsIn: (t) => `${t}: очки`,
}

const EN: ResultLabels = {
  classificationScore: 'Classification points',
  overallRank: 'Overall place',
  seriesPoints: 'Series points',
  tournaments: 'Tournaments',
  tournamentWins: 'Tournament wins',
  bestPlace: 'Best place',
  rating: 'Rating',
  ratedGames: 'Rated games',
  placeIn: (t) => `${t}: place`,
  pointsIn: (t) => `${t}: points`,
}

export const resultLabels = (lang: Lang): ResultLabels => (lang === 'en' ? EN : RU)
