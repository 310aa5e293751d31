/**
 * The game protocol as a layout-neutral model (docs/rules.md §14): the PDF and HTML renderers draw this, so both show
 * exactly the same text. Built from a ProtocolHeader and a GameRecord.
 */
import { noticeText, type NoticeCode } from '../../shared/game/notices'
import type { GameRecord, SeatRecord, VotingRecord } from '../../shared/game/record'
import { labels, reasonText, type Labels, type Lang } from './i18n'
import { formatNumber, formatSigned } from '../../shared/numbers'
import { rulesetName } from '../../shared/ruleset-name'
import { gameTitle } from '../../shared/game-title'
import { APPEAL_LABELS } from './i18n-appeals'

export interface ProtocolHeader {
  tournament: string
  /** The stage's own name; null or empty: the protocol names the stage by its kind. */
  stage: string | null
  stageKind?: 'qualifying' | 'semifinal' | 'final' | null
  round: number | null
  table: number | null
  gameNumber: number | null
  /** Free text or ISO date (YYYY-MM-DD); printed as given. */
  date: string
  judge: string
  rulesetName: string
  /** Comments and protests written on page 2. */
  comments?: string[]
  /** A note printed after a seat's name, by seat ("3"): e.g. a substitution «замена вместо …». */
  seatNotes?: Record<string, string>
  /** The game's id in the database (printed on every page), and when it started and ended (ms since epoch). */
  gameId?: number
  startedAt?: number | null
  endedAt?: number | null
}

export interface Column {
  label: string
  /** Relative width. */
  width: number
  align?: 'left' | 'center' | 'right'
}

export interface TableBlock {
  title: string
  columns: Column[]
  rows: string[][]
  /** Text of the single row drawn when there are no rows (e.g. "нет"). */
  emptyText?: string
}

export interface ProtocolModel {
  lang: Lang
  title: string
  /** "НЕ ЗАВЕРШЕНА" / "NOT FINISHED" for an unfinished game, else null. */
  unfinishedMark: string | null
  header: Array<[string, string]>
  /** e.g. "Стол 2 · Игра № 17 · Тур 3": identifies page 2 when the sheets are separated. */
  gameLine: string
  seats: TableBlock
  resultTitle: string
  result: Array<[string, string]>
  nights: TableBlock
  days: TableBlock
  page2Title: string
  reasons: TableBlock
  fouls: TableBlock
  commentsTitle: string
  comments: string[]
  signatures: string[]
  /** On every page after "page N of M": the game line and its id, so separated sheets stay together. */
  footer: string
}

const dash = '—'

/** The automatic outcomes printed with the day's votes (why there was no vote, why nobody left, …). */
const DAY_NOTICES = new Set<NoticeCode>([
  'noVote.noNominees',
  'noVote.day1Single',
  'noVote.tooFew',
  'noVote.removal',
  'noVote.previousDay',
  'vote.noVotes',
  'vote.leaderLeft',
  'tie.oneLeft',
  'tie.noneLeft',
  'liftAll.notAllowed',
  'lastWord.lost',
])

function seatList(seats: number[]): string {
  return seats.length === 0 ? dash : seats.join(', ')
}

function leftText(L: Labels, s: SeatRecord): string {
  const left = s.left
  if (left === null) return ''
  let text: string
  switch (left.how) {
    case 'killed':
      text = L.leftHow.killed(left.night)
      break
    case 'votedOut':
      text = L.leftHow.votedOut(left.day)
      break
    case 'lifted':
      text = L.leftHow.lifted(left.day)
      break
    case 'removed':
      text = L.leftHow.removed(left.day, left.night)
      break
    case 'fouledOut':
      text = L.leftHow.fouledOut(left.day, left.night)
      break
    case 'teamDefeat':
      text = L.leftHow.teamDefeat
      break
  }
  const reason = left.reason
  if (reason === null || reason === '') return text
  // The 4th-foul removal and the team defeat already say why.
  if (
    (left.how === 'fouledOut' && reason === 'fouls') ||
    (left.how === 'teamDefeat' && reason === 'teamDefeat')
  ) {
    return text
  }
  return `${text}: ${reasonText(L, reason)}`
}

/** Votes of a candidate: the entered count when votes were entered as a number (docs/rules.md §7.5), else the voters. */
export function voteCount(c: { seat: number; voters: number[] }): number {
  const n = (c as { count?: unknown }).count
  return typeof n === 'number' ? n : c.voters.length
}

function votingLine(L: Labels, v: VotingRecord): string {
  if (v.kind === 'liftAll') {
    const seats = v.seats.map((s) => L.kill(s)).join(', ')
    return `${L.liftAll} ${L.liftAllLine(seats, `${seatList(v.yes)} (${v.yes.length})`, `${seatList(v.no)} (${v.no.length})`, v.passed)}`
  }
  const head = v.kind === 'vote' ? L.vote : L.revote
  const parts = v.candidates.map((c) => {
    const n = voteCount(c)
    return c.voters.length === 0 && n > 0
      ? `${L.kill(c.seat)} — ${n}`
      : `${L.kill(c.seat)} — ${n} (${seatList(c.voters)})`
  })
  return `${head}: ${parts.join('; ')}`
}

export function buildProtocolModel(
  record: GameRecord,
  header: ProtocolHeader,
  lang: Lang = 'ru',
): ProtocolModel {
  const L = labels(lang)
  // The printed protocol reads numbers in its own language («0,3» / «0.3»): shared/numbers.
  const fmtPoints = (x: number, signed = false): string =>
    signed ? formatSigned(x, lang) : formatNumber(x, lang)
  const opt = (v: string | number | null): string => (v === null || v === '' ? dash : String(v))
  const time = (ms: number | null | undefined): string =>
    ms === null || ms === undefined
      ? dash
      : new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'ru-RU', {
          hour: '2-digit',
          minute: '2-digit',
        }).format(new Date(ms))
  const tournamentName = header.tournament || L.friendlyGame
  const seats = [...record.seats].sort((a, b) => a.seat - b.seat)
  const nameOf = (seat: number): string => seats.find((s) => s.seat === seat)?.name ?? ''
  const seatName = (seat: number): string => `${L.kill(seat)} ${nameOf(seat)}`.trim()

  const headerPairs: Array<[string, string]> = [
    [L.tournament, opt(tournamentName)],
    [L.stage, opt(header.stage || (header.stageKind ? L.stageKinds[header.stageKind] : null))],
    [L.round, opt(header.round)],
    [L.table, opt(header.table)],
    [
      L.game,
      header.gameNumber === null && header.gameId !== undefined
        ? `№${header.gameId}`
        : opt(header.gameNumber),
    ],
    // The date with the start and end time of the game in one cell (the header grid keeps its size).
    header.startedAt === undefined || header.startedAt === null
      ? [L.date, opt(header.date)]
      : [
          `${L.date} · ${L.started}–${L.ended}`,
          `${opt(header.date)} · ${time(header.startedAt)}–${header.endedAt ? time(header.endedAt) : dash}`,
        ],
    [L.judge, opt(header.judge)],
    [L.ruleset, opt(rulesetName(header.rulesetName || record.rulesetName, lang))],
  ]

  // The game's name as every screen prints it (shared/game-title.ts): «Тур 3 · Стол 2 · Игра 1».
  const gameLine = [
    tournamentName,
    header.gameNumber === null && header.gameId === undefined
      ? null
      : gameTitle(
          { id: header.gameId ?? 0, number: header.gameNumber, round: header.round, table: header.table },
          lang,
        ),
  ]
    .filter((x): x is string => x !== null && x !== '')
    .join(' · ')

  const seatsBlock: TableBlock = {
    title: '',
    columns: [
      { label: L.seat, width: 3, align: 'center' },
      { label: L.player, width: 17 },
      { label: L.role, width: 8, align: 'center' },
      { label: L.fouls, width: 5, align: 'center' },
      { label: L.techFouls, width: 6, align: 'center' },
      { label: L.left, width: 20 },
      { label: L.win, width: 6, align: 'center' },
      { label: L.bestMove, width: 6, align: 'center' },
      { label: L.extra, width: 6, align: 'center' },
      { label: L.penalty, width: 6, align: 'center' },
      { label: L.total, width: 6, align: 'center' },
    ],
    rows: seats.map((s) => [
      String(s.seat),
      header.seatNotes?.[String(s.seat)] ? `${s.name} (${header.seatNotes[String(s.seat)]})` : s.name,
      L.roles[s.role],
      s.fouls === 0 ? '' : String(s.fouls),
      s.techFouls === 0 ? '' : String(s.techFouls),
      leftText(L, s),
      s.points.win === 0 ? '' : fmtPoints(s.points.win),
      s.points.bestMove === 0 ? '' : fmtPoints(s.points.bestMove),
      s.points.extra === 0 ? '' : fmtPoints(s.points.extra, true),
      s.points.penalty === 0 ? '' : fmtPoints(s.points.penalty, true),
      fmtPoints(s.points.total),
    ]),
  }

  const result: Array<[string, string]> = [
    [L.winnerLabel, record.winner === null ? L.noWinner : L.winners[record.winner]],
    [L.endReasonLabel, record.endReason === null ? dash : L.endReasons[record.endReason]],
    [L.firstKilled, record.firstKilled === null ? dash : seatName(record.firstKilled)],
  ]
  // Issue 31 §1: each amendment on appeal, with what it changed and why (its entry in the game's log).
  const A = APPEAL_LABELS[lang]
  for (const a of record.amendments ?? []) {
    const changes = [
      ...(a.winner ? [A.winner(a.winner.from, a.winner.to)] : []),
      ...a.extraPoints.map((x) => A.extra(x.seat, x.points)),
      ...a.penalties.map((x) => A.penalty(x.seat, x.points, x.action)),
      ...(a.bestMove ? [A.bestMove(a.bestMove)] : []),
    ]
    result.push([A.amended(a.appealId), `${changes.join('; ')} (${a.reason})`])
  }
  const bm = record.bestMove
  if (bm !== null) {
    const named = bm.seats.map((s) => L.kill(s)).join(', ')
    const why = (record.notices ?? []).find((x) => x.notice.code === 'bestMove.void')
    const tail = bm.void
      ? why
        ? noticeText(why.notice)[lang]
        : L.bestMoveVoid
      : `${L.bestMovePoints} ${fmtPoints(bm.points)}`
    result.push([L.bestMoveBy(bm.by), `${L.bestMoveNamed} ${named}; ${L.bestMoveBlacks(bm.blacks)}; ${tail}`])
  } else {
    result.push([L.bestMove, dash])
  }
  result.push([L.played, L.daysNights(record.daysPlayed, record.nightsPlayed)])

  const nights: TableBlock = {
    title: L.nights,
    columns: [
      { label: L.night, width: 5, align: 'center' },
      { label: L.shot, width: 14 },
      { label: L.donCheck, width: 12 },
      { label: L.sheriffCheck, width: 12 },
    ],
    rows: [...record.nights]
      .sort((a, b) => a.night - b.night)
      .map((n) => {
        let shot = dash
        if (n.shot !== null) shot = n.shot.kind === 'kill' ? seatName(n.shot.target) : L.miss
        if (n.shots !== null) {
          const per = Object.entries(n.shots)
            .sort(([a], [b]) => Number(a) - Number(b))
            .map(([black, t]) => `${L.kill(Number(black))}→${t === null ? dash : t}`)
            .join(', ')
          shot = `${shot} (${L.perBlack}: ${per})`
        }
        const don =
          n.donCheck === null
            ? dash
            : `${L.kill(n.donCheck.target)}: ${n.donCheck.isSheriff ? L.isSheriff : L.notSheriff}`
        const sher =
          n.sheriffCheck === null
            ? dash
            : `${L.kill(n.sheriffCheck.target)}: ${n.sheriffCheck.isBlack ? L.black : L.red}`
        return [String(n.night), shot, don, sher]
      }),
    emptyText: dash,
  }

  const days: TableBlock = {
    title: L.days,
    columns: [
      { label: L.day, width: 4, align: 'center' },
      { label: L.opener, width: 5, align: 'center' },
      { label: L.nominations, width: 14 },
      { label: L.votings, width: 42 },
      { label: L.leftDay, width: 7 },
    ],
    rows: [...record.days]
      .sort((a, b) => a.day - b.day)
      .map((d) => {
        const noms =
          d.nominations.length === 0
            ? dash
            : d.nominations
                .map((n) => `${n.by}→${n.target}${n.withdrawn ? ` (${L.withdrawn})` : ''}`)
                .join(', ')
        const votes = d.votings.map((v) => votingLine(L, v))
        // The reasons the engine gave (older records have none: then the plain "no vote").
        const reasons = (record.notices ?? [])
          .filter((x) => x.day === d.day && DAY_NOTICES.has(x.notice.code))
          .map((x) => noticeText(x.notice)[lang])
        const noVoteSaid =
          reasons.length > 0 &&
          (record.notices ?? []).some((x) => x.day === d.day && x.notice.code.startsWith('noVote.'))
        if (d.voteCancelled && !noVoteSaid) votes.push(L.voteCancelled)
        votes.push(...reasons)
        return [
          String(d.day),
          String(d.opener),
          noms,
          votes.length === 0 ? dash : votes.join('\n'),
          d.left.length === 0 ? dash : d.left.map((s) => L.kill(s)).join(', '),
        ]
      }),
    emptyText: dash,
  }

  const reasonRows: string[][] = []
  for (const s of seats) {
    for (const e of s.extraPoints)
      reasonRows.push([String(s.seat), s.name, L.extraKind, fmtPoints(e.points, true), e.reason])
    for (const p of s.penalties)
      reasonRows.push([
        String(s.seat),
        s.name,
        L.penaltyKind,
        fmtPoints(p.points, true),
        reasonText(L, p.reason),
      ])
  }
  const reasons: TableBlock = {
    title: L.reasonsTitle,
    columns: [
      { label: L.seat, width: 3, align: 'center' },
      { label: L.player, width: 14 },
      { label: L.kind, width: 9 },
      { label: L.points, width: 6, align: 'center' },
      { label: L.reason, width: 40 },
    ],
    rows: reasonRows,
    emptyText: L.noEntries,
  }

  const fouls: TableBlock = {
    title: L.foulsTitle,
    columns: [
      { label: L.seat, width: 3, align: 'center' },
      { label: L.player, width: 14 },
      { label: L.kind, width: 9 },
      { label: L.foulWhen, width: 46 },
    ],
    rows: record.fouls.map((f) => [
      String(f.seat),
      nameOf(f.seat),
      L.foulKinds[f.kind],
      L.foulPhase(f.phase, f.day, f.night, f.speaker),
    ]),
    emptyText: L.noEntries,
  }

  return {
    lang,
    title: L.protocolTitle,
    unfinishedMark: record.finished ? null : L.notFinished,
    header: headerPairs,
    gameLine,
    seats: seatsBlock,
    resultTitle: L.resultTitle,
    result,
    nights,
    days,
    page2Title: L.page2Title,
    reasons,
    fouls,
    commentsTitle: L.commentsTitle,
    // Comments given with the header (e.g. at export), then those the judge wrote during the game.
    comments: [
      ...(header.comments ?? []),
      ...(record.comments ?? []).map((c) => `${L.commentWhen(c.phase, c.day, c.night)}: ${c.text}`),
    ],
    signatures: [L.judgeSignature, L.headJudgeSignature, L.captainsSignature],
    footer: [gameLine, header.gameId === undefined ? null : L.gameIdLine(header.gameId)]
      .filter((x): x is string => x !== null && x !== '')
      .join(' · '),
  }
}
