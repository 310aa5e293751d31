/**
 * The standings table under the tournament's normaliser (issue 31 §3): Russian (default) and English, terms of
 * docs/rules.md §0.
 */
const ru = {
  perGame: 'Очки за игру',
  unranked: 'вне зачёта',
  /** Reads right for any count (no plural forms needed): «игр меньше 3». */
  fewerGames: 'игр меньше {n}',
  rankedBy: 'Места — по очкам за игру; у кого игр меньше {n}, те вне зачёта, ниже таблицы.',
}

const en: typeof ru = {
  perGame: 'Points per game',
  unranked: 'unranked',
  fewerGames: 'games: fewer than {n}',
  rankedBy: 'Places by points per game; players with fewer than {n} games are unranked, below the table.',
}

export default { ru, en }
