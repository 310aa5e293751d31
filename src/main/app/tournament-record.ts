/**
 * The tournament's record at a round's table (issue 28): who sits there (the stored seating with the head judge's
 * substitutions), the one check that a tournament game's players are that seating, the freeze of a closed round's
 * games, and the seats whose player scores for nobody. Every door that sets a tournament game's players calls
 * `checkTournamentGamePlayers`.
 */
import { AppError, appError } from '../../shared/errors'
import type { SetupInput } from '../../shared/contract'
import type { MafiaDb } from '../db'
import {
  plannedSeats,
  seatMismatches,
  seatsScoringForNobody,
  type PlannedSeat,
  type SeatedPlayer,
} from '../tournament/seats'

function fail(code: string, ru: string, en: string, details?: Record<string, unknown>): AppError {
  return new AppError(appError(code, ru, en, details))
}

/**
 * The seats of a round's table as the tournament's record has them: the stored seating (registry nicknames, spare
 * seats) with the head judge's substitutions applied; null when the round has no seating at that table.
 */
export function tablePlan(db: MafiaDb, roundId: number, tableId: number): PlannedSeat[] | null {
  // Without a stored seating (a machine that got the table's prepared game by file), the prepared game's seats
  // are the record: it was checked against the seating where it was made.
  const seats =
    db.seatings.roundSeating(roundId).tables.find((t) => t.tableId === tableId)?.seats ??
    preparedSeats(db, roundId, tableId)
  if (!seats) return null
  const names = new Map<number, string>()
  for (const id of seats) {
    if (id !== null) names.set(id, db.players.getPlayer(id)?.nickname ?? `#${id}`)
  }
  return plannedSeats(
    seats,
    names,
    db.tournaments.roundSubstitutions(roundId).filter((s) => s.tableId === tableId),
  )
}

/** The registry ids of the seats of the game prepared or running at a round's table (null: a spare seat). */
function preparedSeats(db: MafiaDb, roundId: number, tableId: number): Array<number | null> | null {
  const live = db.games.liveGameAt(roundId, tableId)
  const players = (live?.setup as { players?: Array<{ playerId?: number | null }> } | null)?.players
  if (!Array.isArray(players) || players.length !== 10) return null
  return players.map((p) => (typeof p?.playerId === 'number' ? p.playerId : null))
}

/**
 * For the standings: the seats of a stored game whose player scores for nobody — the spare seats and the
 * substituted ones of its round's table (tournament/seats.ts). The returned function reads each round once.
 */
export function scoresForNobodyIn(
  db: MafiaDb,
): (game: { roundId: number | null; tableId: number | null }) => number[] {
  const rounds = new Map<
    number,
    {
      seating: ReturnType<MafiaDb['seatings']['roundSeating']>
      subs: ReturnType<MafiaDb['tournaments']['roundSubstitutions']>
    }
  >()
  return ({ roundId, tableId }) => {
    if (roundId === null || tableId === null) return []
    let r = rounds.get(roundId)
    if (!r)
      rounds.set(
        roundId,
        (r = {
          seating: db.seatings.roundSeating(roundId),
          subs: db.tournaments.roundSubstitutions(roundId),
        }),
      )
    const seats = r.seating.tables.find((t) => t.tableId === tableId)?.seats
    if (!seats) return []
    return seatsScoringForNobody(
      plannedSeats(
        seats,
        new Map(),
        r.subs.filter((x) => x.tableId === tableId),
      ),
    )
  }
}

/**
 * THE check of every door that sets a tournament game's players — `game.create` (a new game or the prepared
 * game's setup), `data.import`, the hub's `/sync/push`: a tournament game is played at a round's table, and its
 * players are that table's seating — each seated player in his seat under his registry id and nickname, a spare
 * seat's or a substitute's player without a registry link (he scores for nobody), a substitute under the name the
 * head judge's substitution gave him. Anything else is refused with every wrong seat named
 * (tournament/not_the_seating, tournament/game_needs_table, tournament/no_seating_at_table). A friendly game
 * passes, and so does a game of a stage run without the seating generator (nothing seated: no record to keep).
 */
export function checkTournamentGamePlayers(
  db: MafiaDb,
  game: { tournamentId?: number | null; roundId?: number | null; tableId?: number | null },
  players: ReadonlyArray<SeatedPlayer>,
): void {
  const { tournamentId = null, roundId = null, tableId = null } = game
  if (tournamentId === null && roundId === null && tableId === null) return
  // A stage run without the seating generator (no seating stored in any of its rounds) has no record of who sits
  // where: its games' players are the head judge's. Once a stage is seated, its games are the seating's.
  const round = roundId === null ? null : db.tournaments.getRound(roundId)
  if (round ? !stageSeated(db, round.stageId) : !tournamentSeated(db, tournamentId, tableId)) return
  if (roundId === null || tableId === null) {
    throw fail(
      'tournament/game_needs_table',
      'Турнирная игра играется за столом тура: выберите тур и стол и загрузите их рассадку.',
      "A tournament game is played at a round's table: choose the round and the table and load their seating.",
      { tournamentId, roundId, tableId },
    )
  }
  const plan = tablePlan(db, roundId, tableId)
  const table = db.tournaments.getTable(tableId)
  const where = { round: round?.number ?? roundId, table: table?.number ?? tableId }
  if (!plan) {
    throw fail(
      'tournament/no_seating_at_table',
      `У стола ${where.table} в туре ${where.round} нет рассадки: игроки турнирной игры берутся только из рассадки тура.`,
      `Table ${where.table} has no seating in round ${where.round}: a tournament game's players come only from the round's seating.`,
      { roundId, tableId },
    )
  }
  const wrong = seatMismatches(plan, players)
  if (wrong.length === 0) return
  const quote = (name: string, lang: 'ru' | 'en'): string => (lang === 'ru' ? `«${name}»` : `"${name}"`)
  const expected = (e: PlannedSeat, lang: 'ru' | 'en'): string =>
    e.kind === 'player'
      ? quote(e.name, lang)
      : e.kind === 'substitute'
        ? lang === 'ru'
          ? `замена «${e.name}» без привязки к реестру`
          : `the substitute "${e.name}" without a registry link`
        : lang === 'ru'
          ? 'запасное место: игрок без привязки к реестру'
          : 'a spare seat: a player without a registry link'
  const got = (g: { name: string; playerId: number | null }, lang: 'ru' | 'en'): string =>
    `${quote(g.name, lang)}${g.playerId === null ? '' : lang === 'ru' ? ` (реестр №${g.playerId})` : ` (registry #${g.playerId})`}`
  const ru = wrong.map(
    (w) => `место ${w.seat}: по рассадке ${expected(w.expected, 'ru')}, в игре ${got(w.got, 'ru')}`,
  )
  const en = wrong.map(
    (w) => `seat ${w.seat}: the seating has ${expected(w.expected, 'en')}, the game ${got(w.got, 'en')}`,
  )
  throw fail(
    'tournament/not_the_seating',
    `Игроки турнирной игры — это рассадка стола ${where.table} тура ${where.round}; ${ru.join('; ')}. Заменить игрока может только главный судья («Замена» в «Ходе турнира») или судья стола с его подтверждением.`,
    `A tournament game's players are the seating of table ${where.table} in round ${where.round}; ${en.join('; ')}. Only the head judge replaces a player ("Substitute" on the dashboard), or the table's judge with his confirmation.`,
    { roundId, tableId, seats: wrong.map((w) => w.seat) },
  )
}

/** Whether a stage has a stored seating in any of its rounds (it is run with the seating generator). */
function stageSeated(db: MafiaDb, stageId: number): boolean {
  return db.tournaments.listRounds(stageId).some((r) => db.seatings.roundSeating(r.id).tables.length > 0)
}

/** Whether the tournament of a game (given directly or by its table) has a seated stage. */
function tournamentSeated(db: MafiaDb, tournamentId: number | null, tableId: number | null): boolean {
  const id =
    tournamentId ?? (tableId === null ? null : (db.tournaments.getTable(tableId)?.tournamentId ?? null))
  return id !== null && db.tournaments.listStages(id).some((s) => stageSeated(db, s.id))
}

/**
 * The panel's door (`game.create`: a new game, or the setup of the table's prepared game): the round must be open
 * (a closed round's prepared game is frozen too) and started in order (a game made for a round starts it), and
 * the players must be the table's seating (checkTournamentGamePlayers).
 */
export function checkTournamentGameSetup(db: MafiaDb, input: SetupInput): void {
  if (input.roundId && input.tableId) {
    const live = db.games.liveGameAt(input.roundId, input.tableId)
    // A started game there: the database refuses a second one (db/table_busy), whoever its players.
    if (live && live.lastSeq !== null) return
    // The prepared game of a closed round is frozen like any other of its games.
    const lock = live ? closedRoundLock(db, live) : null
    if (lock) throw lock
  }
  if (input.roundId) {
    // A closed round takes no new game: the database refuses it (db/round_closed).
    if (db.tournaments.getRound(input.roundId)?.status === 'finished') return
    db.tournaments.refuseOutOfOrder(input.roundId)
  }
  checkTournamentGamePlayers(db, input, input.players)
}

/**
 * A tournament game takes commands and a new setup only while its round is open: a game left unfinished when
 * the round was force-closed is frozen (tournament/round_closed) until the head judge opens the round again.
 * Null for a friendly game or an open round.
 */
export function closedRoundLock(db: MafiaDb, game: { id?: number; roundId: number | null }): AppError | null {
  if (game.roundId === null) return null
  const round = db.tournaments.getRound(game.roundId)
  if (!round || round.status !== 'finished') return null
  return fail(
    'tournament/round_closed',
    `Тур ${round.number} завершён: его недоигранная игра заморожена и не принимает команд. Главный судья может открыть тур снова («Открыть тур» в «Ходе турнира»).`,
    `Round ${round.number} is closed: its unfinished game is frozen and takes no command. The head judge can open the round again ("Reopen round" on the dashboard).`,
    { roundId: round.id, round: round.number, ...(game.id !== undefined ? { gameId: game.id } : {}) },
  )
}

/**
 * The protocol's marks of the substitutions at a game's table: a note after the seat's name and a line on page 2
 * (who replaced whom, why, and the head judge who made or confirmed it).
 */
export function substitutionMarks(
  db: MafiaDb,
  game: { roundId: number | null; tableId: number | null },
  lang: 'ru' | 'en',
): { seatNotes: Record<string, string>; comments: string[] } {
  const seatNotes: Record<string, string> = {}
  const comments: string[] = []
  if (game.roundId === null || game.tableId === null) return { seatNotes, comments }
  for (const s of db.tournaments.roundSubstitutions(game.roundId).filter((x) => x.tableId === game.tableId)) {
    const replaced =
      s.replaced === null ? null : (db.players.getPlayer(s.replaced)?.nickname ?? `#${s.replaced}`)
    if (lang === 'ru') {
      seatNotes[String(s.seat)] = replaced ? `замена вместо ${replaced}, вне зачёта` : 'замена, вне зачёта'
      comments.push(
        `Замена на месте ${s.seat}: ${s.name}${replaced ? ` вместо ${replaced}` : ''} — ${s.reason}. ${s.byTable ? 'По просьбе судьи стола, подтвердил' : 'Решение'} главного судьи: ${s.judge}. Очки заменяющего не идут в зачёт.`,
      )
    } else {
      seatNotes[String(s.seat)] = replaced
        ? `substitute for ${replaced}, scores for nobody`
        : 'substitute, scores for nobody'
      comments.push(
        `Substitution at seat ${s.seat}: ${s.name}${replaced ? ` for ${replaced}` : ''} — ${s.reason}. ${s.byTable ? "Asked by the table's judge, confirmed by" : 'Decided by'} the head judge: ${s.judge}. The substitute's points count for nobody.`,
      )
    }
  }
  return { seatNotes, comments }
}
