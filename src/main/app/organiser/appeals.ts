/**
 * Appeals (issue 31 §1), the organiser's service: a player of the game or a team's captain files an appeal on a
 * finished tournament game, with its text; the head judge answers it.
 * - rejected: nothing in the game changes;
 * - accepted: the correction is an amendment entry (`amend`, engine/decide.ts) appended to the game's log through
 *   the one writer, in the same transaction as the answer — never a rewrite. The standings follow through the
 *   stored results of that entry (the same final-state → points path as every entry). A closed round's game takes
 *   it: the database lets an `amend` entry naming an open appeal of that very game through the lock (db/games.ts),
 *   and the step's note says so; an archived tournament stays locked;
 * - cancelled and replayed: the game is cancelled with the appeal's number in its reason and its table gets a new
 *   prepared game (the round opens again when it was closed), through the tournament's own cancel and replay paths.
 * Every step is logged with who and when (appeal_events).
 */
import type { z } from 'zod'
import { AppError, appError } from '../../../shared/errors'
import {
  appealAcceptSchema,
  appealFileSchema,
  appealListSchema,
  appealRejectSchema,
  appealReplaySchema,
  type Appeal,
} from '../../../shared/appeals'
import { validationMessage } from '../../../shared/validation-message'
import { execute, restore, type GameSetup, type LogEntry } from '../../engine'
import type { AppealRecord, GameRow, MafiaDb } from '../../db'
import { tournamentArchived } from '../../db/errors'
import { writeEntries } from '../../games/writer'
import { storeCiIfStageFinalised } from '../exports'
import type { AppService } from '../service'
import type { Rounds } from './rounds'
import type { Handlers } from '../../transport/router'

function fail(code: string, ru: string, en: string, details?: Record<string, unknown>): AppError {
  return new AppError(appError(code, ru, en, details))
}

/** Every door into the appeals record parses with the contract's own schema (the one validation path). */
function parse<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> {
  const r = schema.safeParse(raw)
  if (r.success) return r.data
  const why = validationMessage(r.error.issues)
  throw fail(
    'appeals/invalid_input',
    `Неверные данные апелляции: ${why.ru}`,
    `Invalid appeal data: ${why.en}`,
  )
}

export class AppealsOffice {
  constructor(
    private readonly db: () => MafiaDb,
    private readonly service: AppService,
    private readonly rounds: Pick<Rounds, 'replayTable' | 'startRound'>,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  file(raw: unknown): Appeal {
    const input = parse(appealFileSchema, raw)
    const db = this.db()
    const game = this.requireGame(input.gameId)
    if (game.tournamentId === null) {
      throw fail(
        'appeals/not_tournament_game',
        `Игра №${game.id} — не турнирная: апелляции подаются на игры турнира.`,
        `Game ${game.id} is not a tournament game: appeals are filed on a tournament's games.`,
        { gameId: game.id },
      )
    }
    this.writable(game.tournamentId)
    if (game.cancelledAt !== null) {
      throw fail(
        'appeals/game_cancelled',
        `Игра №${game.id} отменена: апелляция на неё не подаётся.`,
        `Game ${game.id} was cancelled: no appeal is filed on it.`,
        { gameId: game.id },
      )
    }
    if (game.status !== 'finished') {
      throw fail(
        'appeals/game_not_finished',
        `Игра №${game.id} ещё не окончена: апелляция подаётся на оконченную игру.`,
        `Game ${game.id} is not finished yet: an appeal is filed on a finished game.`,
        { gameId: game.id },
      )
    }
    let filer: AppealRecord['filer']
    if (input.filer.role === 'player') {
      const playerId = input.filer.playerId
      const seated = (game.setup as GameSetup).players.some((p) => p.playerId === playerId)
      const player = db.players.getPlayer(playerId)
      if (!seated || !player) {
        throw fail(
          'appeals/filer_not_at_table',
          `Игрок №${playerId} не играл в этой игре: апелляцию подаёт игрок этой игры или капитан команды.`,
          `Player ${playerId} did not play this game: an appeal is filed by a player of the game or a team's captain.`,
          { playerId, gameId: game.id },
        )
      }
      filer = { role: 'player', playerId, name: player.nickname }
    } else {
      filer = { role: 'captain', playerId: null, name: input.filer.name }
    }
    const record = db.appeals.file({
      tournamentId: game.tournamentId,
      gameId: game.id,
      filer,
      text: input.text,
      who: input.by,
      at: this.clock(),
    })
    this.service.note(`appeal №${record.number} filed on game ${game.id} by ${filer.name} (${input.by})`)
    this.service.tournamentChanged(game.tournamentId)
    return this.view(record)
  }

  list(raw: unknown): Appeal[] {
    const input = parse(appealListSchema, raw)
    return this.db()
      .appeals.list(input.tournamentId, input.status)
      .map((a) => this.view(a))
  }

  reject(raw: unknown): Appeal {
    const input = parse(appealRejectSchema, raw)
    const a = this.requireOpen(input.id)
    this.writable(a.tournamentId)
    const record = this.db().appeals.answer(a.id, {
      status: 'rejected',
      answer: input.answer,
      who: input.by,
      at: this.clock(),
    })
    this.service.note(`appeal №${a.number} rejected by ${input.by}`)
    this.service.tournamentChanged(a.tournamentId)
    return this.view(record)
  }

  accept(raw: unknown): Appeal {
    const input = parse(appealAcceptSchema, raw)
    const db = this.db()
    const a = this.requireOpen(input.id)
    this.writable(a.tournamentId)
    const loaded = db.games.loadGame(a.gameId)
    if (!loaded) throw this.gameNotFound(a.gameId)
    if (loaded.game.cancelledAt !== null) {
      throw fail(
        'appeals/game_cancelled',
        `Игра №${a.gameId} отменена: исправлять нечего.`,
        `Game ${a.gameId} was cancelled: there is nothing to amend.`,
        { gameId: a.gameId },
      )
    }
    const game = restore(loaded.game.setup as GameSetup, loaded.log as LogEntry[])
    const at = this.clock()
    const result = execute(game, {
      cmd: 'amend',
      appealId: a.number,
      reason: input.answer,
      ...input.amendment,
      at,
    })
    if (!result.ok) throw new AppError(result.error)
    const round = loaded.game.roundId === null ? null : db.tournaments.getRound(loaded.game.roundId)
    const closed = round?.status === 'finished'
    const record = db.transaction(() => {
      writeEntries(db, a.gameId, loaded.game.status === 'finished', [result], { appeal: a.number })
      // A finalised stage's stored Ci follows the corrected result (his team lost or not), as at the round's close.
      if (round) storeCiIfStageFinalised(db, round.id)
      return db.appeals.answer(a.id, {
        status: 'accepted',
        answer: input.answer,
        amendSeq: result.entry.seq,
        who: input.by,
        note: closed ? `closed round ${round.number}` : '',
        at,
      })
    })
    this.service.note(
      `appeal №${a.number} accepted by ${input.by}: amendment entry ${result.entry.seq} in game ${a.gameId}` +
        (closed ? ` (round ${round.number} is closed: the head judge's amendment passes its lock)` : ''),
    )
    // The game's cached state is dropped and its standings recomputed; the dashboards hear of it.
    this.service.refreshGame(a.gameId)
    this.service.tournamentChanged(a.tournamentId)
    return this.view(record)
  }

  replay(raw: unknown): Appeal {
    const input = parse(appealReplaySchema, raw)
    const db = this.db()
    const a = this.requireOpen(input.id)
    this.writable(a.tournamentId)
    const game = this.requireGame(a.gameId)
    if (game.roundId === null || game.tableId === null) {
      throw fail(
        'appeals/no_table',
        `Игра №${game.id} не привязана к туру и столу: переигрывать её негде.`,
        `Game ${game.id} has no round and table: there is nowhere to replay it.`,
        { gameId: game.id },
      )
    }
    const roundId = game.roundId
    const tableId = game.tableId
    const at = this.clock()
    const record = db.transaction(() => {
      db.games.cancelGame(
        game.id,
        `Апелляция №${a.number} / appeal No. ${a.number}: ${input.answer}`.slice(0, 500),
      )
      const answered = db.appeals.answer(a.id, {
        status: 'replayed',
        answer: input.answer,
        who: input.by,
        at,
      })
      // The tournament's own replay paths: a closed round opens again; an open one prepares the missing game.
      if (db.tournaments.getRound(roundId)?.status === 'finished') this.rounds.replayTable(roundId, tableId)
      else this.rounds.startRound(roundId)
      return answered
    })
    this.service.note(`appeal №${a.number} answered by ${input.by}: game ${game.id} cancelled and replayed`)
    this.service.refreshGame(game.id)
    this.service.tournamentChanged(a.tournamentId)
    return this.view(record)
  }

  private requireOpen(id: number): AppealRecord {
    const a = this.db().appeals.get(id)
    if (!a) throw fail('appeals/not_found', `Апелляция №${id} не найдена.`, `Appeal ${id} not found.`, { id })
    if (a.status !== 'open') {
      throw fail(
        'appeals/answered',
        `Апелляция №${a.number} уже рассмотрена: ответ не меняется.`,
        `Appeal No. ${a.number} has already been answered: the answer stands.`,
        { number: a.number, status: a.status },
      )
    }
    return a
  }

  private requireGame(gameId: number): GameRow {
    const g = this.db().games.getGame(gameId)
    if (!g) throw this.gameNotFound(gameId)
    return g
  }

  private gameNotFound(gameId: number): AppError {
    return fail('appeals/game_not_found', `Игра №${gameId} не найдена.`, `Game ${gameId} not found.`, {
      gameId,
    })
  }

  private writable(tournamentId: number): void {
    const t = this.db().tournaments.getTournament(tournamentId)
    if (t && t.archivedAt !== null) throw tournamentArchived(t.name, t.id)
  }

  private view(a: AppealRecord): Appeal {
    const db = this.db()
    const g = db.games.getGame(a.gameId)
    const round = g?.roundId != null ? db.tournaments.getRound(g.roundId) : null
    const table = g?.tableId != null ? db.tournaments.getTable(g.tableId) : null
    return {
      id: a.id,
      tournamentId: a.tournamentId,
      number: a.number,
      gameId: a.gameId,
      round: round?.number ?? null,
      table: table?.number ?? null,
      filer: a.filer,
      text: a.text,
      status: a.status,
      answer: a.answer,
      amendSeq: a.amendSeq,
      createdAt: new Date(a.createdAt).toISOString(),
      history: a.history.map((h) => ({ ...h, at: new Date(h.at).toISOString() })),
    }
  }
}

type AppealCall = 'appeals.file' | 'appeals.list' | 'appeals.reject' | 'appeals.accept' | 'appeals.replay'

/** The contract's appeals calls, each delegating to the office. */
export function appealsHandlers(office: AppealsOffice): Pick<Handlers, AppealCall> {
  return {
    'appeals.file': (input) => office.file(input),
    'appeals.list': (input) => office.list(input),
    'appeals.reject': (input) => office.reject(input),
    'appeals.accept': (input) => office.accept(input),
    'appeals.replay': (input) => office.replay(input),
  }
}
