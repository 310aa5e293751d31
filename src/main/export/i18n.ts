/** Labels of the protocol and the standings exports, in Russian (default) and English (docs/rules.md §0 terms). */
import type { EndReason, Role, Winner } from '../../shared/game/record'
import type { TieBreakKey } from '../tournament/scoring'
import { TIE_BREAK_NAMES } from '../../shared/tie-break-names'

export type Lang = 'ru' | 'en'

export interface Labels {
  /** The tournament line of a game outside any tournament. */
  friendlyGame: string
  /** Start and end time of the game (header). */
  started: string
  ended: string
  /** Page footer: "page 1 of 2" and the game's id, so separated sheets stay together. */
  pageOf: (page: number, pages: number) => string
  gameIdLine: (id: number) => string
  protocolTitle: string
  notFinished: string
  resultTitle: string
  played: string
  page2Title: string
  tournament: string
  stage: string
  round: string
  table: string
  game: string
  date: string
  judge: string
  ruleset: string
  seat: string
  player: string
  role: string
  fouls: string
  techFouls: string
  left: string
  win: string
  bestMove: string
  extra: string
  penalty: string
  total: string
  roles: Record<Role, string>
  winnerLabel: string
  winners: Record<Winner, string>
  endReasonLabel: string
  endReasons: Record<EndReason, string>
  noWinner: string
  daysNights: (days: number, nights: number) => string
  firstKilled: string
  bestMoveBy: (seat: number) => string
  bestMoveNamed: string
  bestMoveBlacks: (n: number) => string
  bestMoveVoid: string
  bestMovePoints: string
  none: string
  nights: string
  night: string
  shot: string
  miss: string
  kill: (seat: number) => string
  perBlack: string
  donCheck: string
  sheriffCheck: string
  isSheriff: string
  notSheriff: string
  black: string
  red: string
  days: string
  day: string
  opener: string
  nominations: string
  votings: string
  leftDay: string
  withdrawn: string
  vote: string
  revote: string
  liftAll: string
  liftAllLine: (seats: string, yes: string, no: string, passed: boolean) => string
  voteCancelled: string
  noVote: string
  leftHow: {
    killed: (n: number | null) => string
    votedOut: (d: number | null) => string
    lifted: (d: number | null) => string
    removed: (d: number | null, n: number | null) => string
    fouledOut: (d: number | null, n: number | null) => string
    teamDefeat: string
  }
  /** Engine reason codes (removals, penalties) in words; free text passes through. */
  reasonCodes: Record<string, string>
  reasonsTitle: string
  points: string
  reason: string
  kind: string
  extraKind: string
  penaltyKind: string
  noEntries: string
  foulsTitle: string
  foulWhen: string
  foulKinds: { foul: string; techFoul: string }
  foulPhase: (
    phase: 'zeroNight' | 'day' | 'night',
    day: number,
    night: number,
    speaker: number | null,
  ) => string
  commentsTitle: string
  /** Where a written comment was made: before the game, a phase, or after the end. */
  commentWhen: (
    phase: 'setup' | 'zeroNight' | 'day' | 'night' | 'finished',
    day: number,
    night: number,
  ) => string
  signatures: string
  judgeSignature: string
  headJudgeSignature: string
  captainsSignature: string
  // Standings
  standingsTitle: string
  overall: string
  rank: string
  games: string
  wins: string
  winsAs: Record<Role, string>
  gamesAs: Record<Role, string>
  winPoints: string
  penalties: string
  autoBonus: string
  ci: string
  firstKilledCount: string
  gameId: string
  result: string
  results: { win: string; loss: string; draw: string; none: string }
  playerId: string
  sheetStandings: string
  /** A stage named by its kind where it has no name of its own (protocol header, standings sheets). */
  stageKinds: Record<'qualifying' | 'semifinal' | 'final', string>
  sheetGames: string
  sheetPlayers: string
  sheetClassification: string
  classificationStageTotal: string
  classificationCarried: string
  /** The standings CSV's classification columns: the final place and the stage that gave it. */
  classificationPlace: string
  classificationGroup: string
  /** Standings: the tie-break columns (docs/rules.md §13.6) and the marks that explain a place. */
  tieBreakNames: Record<TieBreakKey, string>
  tieBreakColumn: (n: number, name: string) => string
  decidedBy: string
  ciStatus: string
  ciProvisional: string
  /** The «очки за игру» normaliser: its column, the place of a row listed apart, and why it is apart. */
  perGame: string
  unranked: string
  note: string
  fewerGames: (minGames: number) => string
  sheetWarnings: string
  extraOutOfRange: (extra: string, min: string, max: string) => string
}

const ru: Labels = {
  friendlyGame: 'Товарищеская игра',
  started: 'Начало',
  ended: 'Конец',
  pageOf: (page, pages) => `Стр. ${page} из ${pages}`,
  gameIdLine: (id) => `ID игры ${id}`,
  protocolTitle: 'ПРОТОКОЛ ИГРЫ',
  notFinished: 'НЕ ЗАВЕРШЕНА',
  resultTitle: 'Итог игры',
  played: 'Сыграно',
  page2Title: 'Доп. баллы, штрафы, фолы, комментарии',
  tournament: 'Турнир',
  stage: 'Этап',
  round: 'Тур',
  table: 'Стол',
  game: 'Игра №',
  date: 'Дата',
  judge: 'Судья',
  ruleset: 'Правила',
  seat: '№',
  player: 'Игрок',
  role: 'Роль',
  fouls: 'Фолы',
  techFouls: 'Тех. фолы',
  left: 'Выбыл',
  win: 'Победа',
  bestMove: 'ЛХ',
  extra: 'Доп.',
  penalty: 'Штраф',
  total: 'Итого',
  roles: { civilian: 'мирный', sheriff: 'шериф', mafia: 'мафия', don: 'дон' },
  winnerLabel: 'Победитель',
  winners: { red: 'красные (мирные)', black: 'чёрные (мафия)', draw: 'ничья' },
  endReasonLabel: 'Как закончилась',
  endReasons: {
    blacksEliminated: 'все чёрные покинули игру',
    parity: 'чёрных не меньше, чем красных',
    draw: 'ничья: три круга без выбывших',
    teamDefeat: 'ППК (поражение команды)',
    appeal: 'результат исправлен по апелляции',
  },
  noWinner: '—',
  daysNights: (d, n) => `дней: ${d}, ночей: ${n}`,
  firstKilled: 'Первый убитый',
  bestMoveBy: (s) => `Лучший ход (игрок №${s})`,
  bestMoveNamed: 'названы',
  bestMoveBlacks: (n) => `чёрных: ${n}`,
  bestMoveVoid: 'не засчитан',
  bestMovePoints: 'баллы',
  none: '—',
  nights: 'Ночи',
  night: 'Ночь',
  shot: 'Выстрел',
  miss: 'промах',
  kill: (s) => `№${s}`,
  perBlack: 'по чёрным',
  donCheck: 'Проверка дона',
  sheriffCheck: 'Проверка шерифа',
  isSheriff: 'шериф',
  notSheriff: 'не шериф',
  black: 'чёрный',
  red: 'красный',
  days: 'Дни',
  day: 'День',
  opener: 'Открыл',
  nominations: 'Выставления',
  votings: 'Голосования',
  leftDay: 'Ушли',
  withdrawn: 'отозвана',
  vote: 'Голосование',
  revote: 'Переголосование',
  liftAll: 'Подъём всех',
  liftAllLine: (seats, yes, no, passed) =>
    `${seats}: за ${yes}; против ${no} → ${passed ? 'покидают игру' : 'остаются'}`,
  voteCancelled: 'голосование не проводилось',
  noVote: '—',
  leftHow: {
    killed: (n) => `убит ночью${n === null ? '' : ' ' + n}`,
    votedOut: (d) => `заголосован днём${d === null ? '' : ' ' + d}`,
    lifted: (d) => `поднят днём${d === null ? '' : ' ' + d}`,
    removed: (d, n) => `удалён${when('ru', d, n)}`,
    fouledOut: (d, n) => `удалён (4 фола)${when('ru', d, n)}`,
    teamDefeat: 'ППК',
  },
  reasonCodes: {
    oath: 'клятва',
    betting: 'пари',
    arguingWithJudge: 'спор с судьёй',
    nightViolation: 'нарушение ночью',
    refusedHandCount: 'отказ показать руки при подсчёте',
    insult: 'оскорбление',
    other: 'другое',
    fouls: '4 фола',
    techFouls: 'технические фолы',
    teamDefeat: 'ППК',
  },
  reasonsTitle: 'Доп. баллы и штрафы',
  points: 'Баллы',
  reason: 'Причина',
  kind: 'Вид',
  extraKind: 'доп. баллы',
  penaltyKind: 'штраф',
  noEntries: 'нет',
  foulsTitle: 'Фолы',
  foulWhen: 'Когда',
  foulKinds: { foul: 'фол', techFoul: 'тех. фол' },
  foulPhase: (phase, d, n, speaker) =>
    phase === 'zeroNight'
      ? 'нулевая ночь'
      : phase === 'night'
        ? `ночь ${n}`
        : `день ${d}${speaker === null ? '' : `, речь игрока №${speaker}`}`,
  commentsTitle: 'Комментарии и протесты',
  commentWhen: (phase, d, n) =>
    phase === 'setup'
      ? 'до игры'
      : phase === 'finished'
        ? 'после игры'
        : phase === 'zeroNight'
          ? 'нулевая ночь'
          : phase === 'night'
            ? `ночь ${n}`
            : `день ${d}`,
  signatures: 'Подписи',
  judgeSignature: 'Судья',
  headJudgeSignature: 'Главный судья',
  captainsSignature: 'Игроки ознакомлены',
  standingsTitle: 'Турнирная таблица',
  overall: 'Общий зачёт',
  rank: 'Место',
  games: 'Игры',
  wins: 'Победы',
  winsAs: {
    civilian: 'Победы мирным',
    sheriff: 'Победы шерифом',
    mafia: 'Победы мафией',
    don: 'Победы доном',
  },
  gamesAs: { civilian: 'Игры мирным', sheriff: 'Игры шерифом', mafia: 'Игры мафией', don: 'Игры доном' },
  winPoints: 'Баллы за победы',
  penalties: 'Штрафы',
  autoBonus: 'Автобонус',
  ci: 'Ci',
  firstKilledCount: 'Первый убитый',
  gameId: 'Игра',
  result: 'Результат',
  results: { win: 'победа', loss: 'поражение', draw: 'ничья', none: '—' },
  playerId: 'ID игрока',
  sheetStandings: 'Таблица',
  stageKinds: { qualifying: 'Отборочный этап', semifinal: 'Полуфинал', final: 'Финал' },
  sheetGames: 'Игры',
  sheetPlayers: 'Игроки',
  sheetClassification: 'Итоговая классификация',
  classificationStageTotal: 'Очки этапа',
  classificationCarried: 'Перенесено',
  classificationPlace: 'Итоговое место',
  classificationGroup: 'Место определил этап',
  tieBreakNames: TIE_BREAK_NAMES.ru,
  tieBreakColumn: (n, name) => `Доп. показатель ${n}: ${name}`,
  decidedBy: 'Место решил',
  ciStatus: 'Ci: статус',
  ciProvisional: 'предварительно (этап не завершён)',
  perGame: 'Очки за игру',
  unranked: 'вне зачёта',
  note: 'Примечание',
  // «меньше N» takes the genitive: 1, 21 … игры; every other count игр.
  fewerGames: (n) => `вне зачёта: меньше ${n} ${n % 10 === 1 && n % 100 !== 11 ? 'игры' : 'игр'}`,
  sheetWarnings: 'Предупреждения',
  extraOutOfRange: (extra, min, max) => `Доп. баллы ${extra} вне диапазона ${min}…${max} (не обрезаны)`,
}

const en: Labels = {
  friendlyGame: 'Friendly game',
  started: 'Start',
  ended: 'End',
  pageOf: (page, pages) => `Page ${page} of ${pages}`,
  gameIdLine: (id) => `Game ID ${id}`,
  protocolTitle: 'GAME PROTOCOL',
  notFinished: 'NOT FINISHED',
  resultTitle: 'Result',
  played: 'Played',
  page2Title: 'Extra points, penalties, fouls, comments',
  tournament: 'Tournament',
  stage: 'Stage',
  round: 'Round',
  table: 'Table',
  game: 'Game #',
  date: 'Date',
  judge: 'Judge',
  ruleset: 'Rules',
  seat: '#',
  player: 'Player',
  role: 'Role',
  fouls: 'Fouls',
  techFouls: 'Tech fouls',
  left: 'Left',
  win: 'Win',
  bestMove: 'Best move',
  extra: 'Extra',
  penalty: 'Penalty',
  total: 'Total',
  roles: { civilian: 'civilian', sheriff: 'sheriff', mafia: 'mafia', don: 'don' },
  winnerLabel: 'Winner',
  winners: { red: 'red (civilians)', black: 'black (mafia)', draw: 'draw' },
  endReasonLabel: 'How it ended',
  endReasons: {
    blacksEliminated: 'all blacks left the game',
    parity: 'blacks reached parity with reds',
    draw: 'draw: three rounds without departures',
    teamDefeat: 'team defeat',
    appeal: 'the result was corrected on appeal',
  },
  noWinner: '—',
  daysNights: (d, n) => `days: ${d}, nights: ${n}`,
  firstKilled: 'First killed',
  bestMoveBy: (s) => `Best move (seat ${s})`,
  bestMoveNamed: 'named',
  bestMoveBlacks: (n) => `blacks: ${n}`,
  bestMoveVoid: 'void',
  bestMovePoints: 'points',
  none: '—',
  nights: 'Nights',
  night: 'Night',
  shot: 'Shot',
  miss: 'miss',
  kill: (s) => `#${s}`,
  perBlack: 'per black',
  donCheck: "Don's check",
  sheriffCheck: "Sheriff's check",
  isSheriff: 'sheriff',
  notSheriff: 'not sheriff',
  black: 'black',
  red: 'red',
  days: 'Days',
  day: 'Day',
  opener: 'Opener',
  nominations: 'Nominations',
  votings: 'Votings',
  leftDay: 'Left',
  withdrawn: 'withdrawn',
  vote: 'Vote',
  revote: 'Revote',
  liftAll: 'Lift-all',
  liftAllLine: (seats, yes, no, passed) =>
    `${seats}: yes ${yes}; no ${no} → ${passed ? 'they leave' : 'they stay'}`,
  voteCancelled: 'no vote took place',
  noVote: '—',
  leftHow: {
    killed: (n) => `killed night${n === null ? '' : ' ' + n}`,
    votedOut: (d) => `voted out day${d === null ? '' : ' ' + d}`,
    lifted: (d) => `lifted day${d === null ? '' : ' ' + d}`,
    removed: (d, n) => `removed${when('en', d, n)}`,
    fouledOut: (d, n) => `removed (4 fouls)${when('en', d, n)}`,
    teamDefeat: 'team defeat',
  },
  reasonCodes: {
    oath: 'oath',
    betting: 'betting',
    arguingWithJudge: 'arguing with the judge',
    nightViolation: 'night violation',
    refusedHandCount: 'refused to show hands for the count',
    insult: 'insult',
    other: 'other',
    fouls: '4 fouls',
    techFouls: 'technical fouls',
    teamDefeat: 'team defeat',
  },
  reasonsTitle: 'Extra points and penalties',
  points: 'Points',
  reason: 'Reason',
  kind: 'Kind',
  extraKind: 'extra points',
  penaltyKind: 'penalty',
  noEntries: 'none',
  foulsTitle: 'Fouls',
  foulWhen: 'When',
  foulKinds: { foul: 'foul', techFoul: 'tech foul' },
  foulPhase: (phase, d, n, speaker) =>
    phase === 'zeroNight'
      ? 'zero night'
      : phase === 'night'
        ? `night ${n}`
        : `day ${d}${speaker === null ? '' : `, speech of seat ${speaker}`}`,
  commentsTitle: 'Comments and protests',
  commentWhen: (phase, d, n) =>
    phase === 'setup'
      ? 'before the game'
      : phase === 'finished'
        ? 'after the game'
        : phase === 'zeroNight'
          ? 'zero night'
          : phase === 'night'
            ? `night ${n}`
            : `day ${d}`,
  signatures: 'Signatures',
  judgeSignature: 'Judge',
  headJudgeSignature: 'Head judge',
  captainsSignature: 'Players informed',
  standingsTitle: 'Standings',
  overall: 'Overall',
  rank: 'Rank',
  games: 'Games',
  wins: 'Wins',
  winsAs: {
    civilian: 'Wins as civilian',
    sheriff: 'Wins as sheriff',
    mafia: 'Wins as mafia',
    don: 'Wins as don',
  },
  gamesAs: {
    civilian: 'Games as civilian',
    sheriff: 'Games as sheriff',
    mafia: 'Games as mafia',
    don: 'Games as don',
  },
  winPoints: 'Win points',
  penalties: 'Penalties',
  autoBonus: 'Auto bonus',
  ci: 'Ci',
  firstKilledCount: 'Killed first',
  gameId: 'Game',
  result: 'Result',
  results: { win: 'win', loss: 'loss', draw: 'draw', none: '—' },
  playerId: 'Player ID',
  sheetStandings: 'Standings',
  stageKinds: { qualifying: 'Qualifying', semifinal: 'Semi-final', final: 'Final' },
  sheetGames: 'Games',
  sheetPlayers: 'Players',
  sheetClassification: 'Final classification',
  classificationStageTotal: 'Stage points',
  classificationCarried: 'Carried over',
  classificationPlace: 'Final place',
  classificationGroup: 'Placed by',
  tieBreakNames: TIE_BREAK_NAMES.en,
  tieBreakColumn: (n, name) => `Tie-break ${n}: ${name}`,
  decidedBy: 'Place decided by',
  ciStatus: 'Ci status',
  ciProvisional: 'provisional (stage not finalised)',
  perGame: 'Points per game',
  unranked: 'unranked',
  note: 'Note',
  fewerGames: (n) => `unranked: fewer than ${n} ${n === 1 ? 'game' : 'games'}`,
  sheetWarnings: 'Warnings',
  extraOutOfRange: (extra, min, max) => `Extra points ${extra} outside ${min}…${max} (not clamped)`,
}

function when(lang: Lang, d: number | null, n: number | null): string {
  if (d !== null) return lang === 'ru' ? ` днём ${d}` : ` day ${d}`
  if (n !== null) return lang === 'ru' ? ` ночью ${n}` : ` night ${n}`
  return ''
}

export const LABELS: Record<Lang, Labels> = { ru, en }

/** A reason code in words ("insult" → "оскорбление"); anything else is returned as typed. */
export function reasonText(L: Labels, reason: string): string {
  return Object.prototype.hasOwnProperty.call(L.reasonCodes, reason) ? L.reasonCodes[reason] : reason
}

export function labels(lang: Lang | undefined): Labels {
  return LABELS[lang ?? 'ru']
}

/**
 * Points with a sign and up to two decimals: "+0.3", "−0.5", "1". Machine-read exports (CSV, XLSX, JSON) use a
 * dot in both languages; the printed protocol uses `fmtPointsIn` (shared/numbers: «0,3» in Russian).
 */
export function fmtPoints(x: number, signed = false): string {
  const r = Math.round(x * 100) / 100
  const body = Math.abs(r)
    .toFixed(2)
    .replace(/\.?0+$/, '')
  if (r < 0) return `−${body}`
  return signed && r > 0 ? `+${body}` : body
}

/** A stage's label: its kind in the language (the standings group stages by kind); any other text as it is. */
export function stageLabel(L: Labels, stage: string | null | undefined): string {
  if (stage === null || stage === undefined) return ''
  return stage in L.stageKinds ? L.stageKinds[stage as keyof Labels['stageKinds']] : stage
}
