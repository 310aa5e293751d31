import { AppError } from '../../../shared/errors'
import type { ExportedFile } from '../../../shared/contract'
import { seatingToXlsx } from '../../export/seating-xlsx'
import type {
  AbsenceReason,
  SeatingGenerateInput,
  StageCreateInput,
  TournamentDetail,
} from '../../../shared/tournament-ops'
import type { Round, Stage, StageOptions } from '../../db'
import { absences, roundsPerPlayer } from '../../tournament/roster'
import {
  SPARE_SEAT,
  evaluateSeating,
  generateSeating,
  makeRng,
  regenerateSeating,
} from '../../tournament/seating'
import { liveStandings } from '../exports'
import { OrganiserRoom, fail } from './context'
import { pairsToKeepApart } from './pair-policies'
/** The stages and seating page: stages seeded from the standings, the generator's seating, swaps, moves, the XLSX. */
export class StagesSeating extends OrganiserRoom {
  /**
   * Adds a stage with its rounds. A semifinal or final takes the top K (`size`) of the previous stage's
   * standings, seeded in that order.
   */
  createStage(input: StageCreateInput): TournamentDetail {
    const db = this.db()
    this.writable(input.tournamentId)
    const previous = db.tournaments.listStages(input.tournamentId).at(-1) ?? null
    let seeded: { players: number[]; lot: StageOptions['cutLot'] } | null = null
    if (input.kind !== 'qualifying') {
      if (!previous || input.size === undefined) {
        throw fail(
          'tournament/no_previous_stage',
          'Финал и полуфинал набираются из таблицы предыдущего этапа: сначала нужен этап и число участников.',
          'A final or semifinal is seeded from the previous stage: it needs one, and the number of players.',
        )
      }
      const running = db.tournaments
        .listRounds(previous.id)
        .find((r) => r.startedAt !== null && r.status !== 'finished')
      if (running) {
        throw fail(
          'tournament/previous_stage_running',
          `В этапе «${previous.name || previous.kind}» идёт тур ${running.number}: таблица ещё меняется. Завершите тур, затем набирайте следующий этап.`,
          `Round ${running.number} of stage "${previous.name || previous.kind}" is in progress: its standings still change. Close the round first, then seed the next stage.`,
          { roundId: running.id },
        )
      }
      seeded = this.topOf(
        input.tournamentId,
        previous,
        input.size,
        input.tieThrough ? { through: input.tieThrough } : input.tieAtCut === 'lot' ? 'lot' : null,
      )
    }
    db.transaction(() => {
      const stage = db.tournaments.addStage(input.tournamentId, {
        kind: input.kind,
        name: input.name ?? '',
        games: input.games,
        size: input.size ?? null,
      })
      for (let n = 1; n <= input.games; n++) db.tournaments.addRound(stage.id, { number: n })
      if (seeded) {
        db.registrations.setStagePlayers(stage.id, seeded.players)
        if (seeded.lot) db.tournaments.setStageOptions(stage.id, { cutLot: seeded.lot })
      }
    })
    return this.changed(input.tournamentId)
  }

  /**
   * The top `size` players (registered, not withdrawn) of a stage's standings, best first. When players tie on
   * every criterion across the cut the stage is refused, naming them (tournament/tie_at_cut), unless decided:
   * by a lot the app draws (`'lot'`), or by the head judge (`through`: the tied players who go through, e.g.
   * after a shoot-out). Either way the decision is recorded with the stage.
   */
  private topOf(
    tournamentId: number,
    stage: Stage,
    size: number,
    decision: 'lot' | { through: number[] } | null,
  ): { players: number[]; lot: StageOptions['cutLot'] } {
    const active = new Set(this.db().registrations.activePlayerIds(tournamentId))
    // The stage's table as the tournament's normaliser ranks it: a player listed apart (too few games) has no place.
    const table = liveStandings(this.db(), tournamentId).stages.find((s) => s.stage === stage.kind)
    const rows = (table?.rows ?? []).filter(
      (r): r is typeof r & { playerId: number } => r.playerId !== null && active.has(r.playerId),
    )
    if (rows.length < size) {
      const apart = (table?.apart ?? []).filter((r) => r.playerId !== null && active.has(r.playerId))
      const minGames = apart[0]?.minGames
      throw fail(
        'tournament/not_enough_players',
        `В таблице этапа «${stage.name || stage.kind}» только ${rows.length} игроков, а нужно ${size}.` +
          (minGames !== undefined ? ` Ещё ${apart.length} вне зачёта: у них игр меньше ${minGames}.` : ''),
        `The standings of stage "${stage.name || stage.kind}" have only ${rows.length} players; ${size} are needed.` +
          (minGames !== undefined ? ` ${apart.length} more are unranked: fewer than ${minGames} games.` : ''),
        { have: rows.length, size, apart: apart.length },
      )
    }
    const top = rows.slice(0, size).map((r) => r.playerId)
    if (rows.length === size || rows[size - 1].rank !== rows[size].rank) {
      if (decision !== null && decision !== 'lot') {
        throw fail(
          'tournament/no_tie_at_cut',
          'На границе отбора нет равенства: участники этапа берутся по таблице, решение о проходе не нужно.',
          'There is no tie at the cut: the stage takes its players from the standings; no decision is needed.',
        )
      }
      return { players: top, lot: undefined }
    }
    // A tie no criterion breaks runs across the cut.
    const rank = rows[size - 1].rank
    const tied = rows.filter((r) => r.rank === rank)
    const first = rows.findIndex((r) => r.rank === rank)
    const places = size - first
    const names = tied.map((r) => r.name).join(', ')
    if (decision === null) {
      throw fail(
        'tournament/tie_at_cut',
        `На границе отбора равенство: ${names} делят ${first + 1}-е место по всем дополнительным показателям, а проходят ${places} из ${tied.length}. Решите, кто проходит: отметьте прошедших по итогам перестрелки или бросьте жребий (решение запишется с этапом), либо измените число участников этапа.`,
        `A tie at the cut: ${names} share place ${first + 1} on every tie-break, and ${places} of ${tied.length} go through. Decide who goes through: tick those who won the shoot-out, or draw a lot (the decision is recorded with the stage), or change the number of players of the stage.`,
        { tied: tied.map((r) => r.playerId), places, rank: first + 1 },
      )
    }
    const tiedIds = tied.map((r) => r.playerId)
    const above = rows.slice(0, first).map((r) => r.playerId)
    if (decision !== 'lot') {
      const chosen = decision.through
      const bad =
        new Set(chosen).size !== chosen.length ||
        chosen.length !== places ||
        chosen.some((id) => !tiedIds.includes(id))
      if (bad) {
        throw fail(
          'tournament/bad_tie_decision',
          `Из равных (${names}) нужно выбрать ровно ${places}: каждого один раз и только из них.`,
          `Choose exactly ${places} of the tied players (${names}): each once, and only from them.`,
          { tied: tiedIds, places },
        )
      }
      return { players: [...above, ...chosen], lot: { tied: tiedIds, through: chosen, by: 'judge' } }
    }
    const seed = 1 + Math.floor(Math.random() * 2_000_000_000)
    const rnd = makeRng(seed)
    const drawn = tied.map((r) => ({ id: r.playerId, key: rnd() })).sort((a, b) => a.key - b.key)
    const through = drawn.slice(0, places).map((d) => d.id)
    return { players: [...above, ...through], lot: { tied: tiedIds, through, seed, by: 'lot' } }
  }

  generate(input: SeatingGenerateInput): TournamentDetail {
    const stage = this.requireStage(input.stageId)
    this.writable(stage.tournamentId)
    // The constraints name players of this stage: anyone else is refused, never seated by the back door.
    const players = new Set(this.stagePlayers(stage))
    const strangers = [
      ...(input.avoidPairs ?? []).flat(),
      ...(input.fixedTable ?? []).map((f) => f.playerId),
    ].filter((id) => !players.has(id))
    if (strangers.length > 0) {
      const names = [...new Set(strangers)]
        .map((id) => this.db().players.getPlayer(id)?.nickname ?? `#${id}`)
        .join(', ')
      throw fail(
        'tournament/not_in_stage',
        `Не участвуют в этом этапе (не зарегистрированы или сняты): ${names}. Условия рассадки могут называть только его игроков.`,
        `Not players of this stage (not registered or withdrawn): ${names}. The seating's constraints can name only its players.`,
        { players: [...new Set(strangers)] },
      )
    }
    const options: StageOptions = {
      ...(input.avoidPairs?.length ? { avoidPairs: input.avoidPairs } : {}),
      ...(input.fixedTable?.length
        ? { fixedTable: Object.fromEntries(input.fixedTable.map((f) => [String(f.playerId), f.table])) }
        : {}),
      ...(input.uneven ? { uneven: input.uneven } : {}),
    }
    this.seatStage(stage, input.seed ?? stage.seed ?? 1 + Math.floor(Math.random() * 1_000_000), options)
    return this.changed(stage.tournamentId)
  }

  swap(roundId: number, a: number, b: number): TournamentDetail {
    const db = this.db()
    const round = db.tournaments.getRound(roundId)
    if (!round) throw fail('app/round_not_found', `Тур №${roundId} не найден`, `Round ${roundId} not found`)
    const tournamentId = this.requireStage(round.stageId).tournamentId
    this.writable(tournamentId)
    if (a === b) {
      throw fail(
        'tournament/swap_same',
        'Для обмена местами нужны два разных игрока.',
        'A swap needs two different players.',
      )
    }
    db.seatings.swapSeats(roundId, a, b)
    return this.changed(tournamentId)
  }

  /** Moves a player into a spare seat of the same round (not started), e.g. to another table with a free seat. */
  move(roundId: number, playerId: number, tableId: number, seat: number): TournamentDetail {
    const db = this.db()
    const round = db.tournaments.getRound(roundId)
    if (!round) throw fail('app/round_not_found', `Тур №${roundId} не найден`, `Round ${roundId} not found`)
    const tournamentId = this.requireStage(round.stageId).tournamentId
    this.writable(tournamentId)
    db.seatings.moveToSpareSeat(roundId, playerId, tableId, seat)
    return this.changed(tournamentId)
  }

  /**
   * After a withdrawal or a late registration: every stage already seated gets its rounds not started seated
   * again. The change has happened, so when the count is no longer a multiple of 10 the free seats are marked
   * as spare seats (shown as such) rather than refusing; with fewer than 10 players the seating is left as is.
   */
  reseatOpenRounds(tournamentId: number): void {
    const db = this.db()
    for (const stage of db.tournaments.listStages(tournamentId)) {
      if (stage.seed === null) continue
      const open = db.tournaments.listRounds(stage.id).filter((r) => r.startedAt === null)
      if (open.length === 0) continue
      const players = this.stagePlayers(stage)
      if (players.length >= 10) {
        const { cutLot: _lot, ...options } = stage.options
        this.seatStage(stage, stage.seed, { ...options, uneven: options.uneven ?? 'spareSeats' })
        continue
      }
      // Too few players left to seat again: the seats of the players who left become spare seats, so no round
      // starts with a withdrawn player at its table.
      const still = new Set(players)
      for (const round of open) {
        const seating = db.seatings.roundSeating(round.id)
        db.seatings.saveRoundSeating(
          round.id,
          seating.tables.map((tb) => ({
            tableId: tb.tableId,
            seats: tb.seats.map((id) => (id !== null && still.has(id) ? id : null)),
          })),
        )
      }
    }
  }

  /**
   * Seats every round of the stage not started yet with the generator (tournament/seating.ts) and stores it. The
   * first time the whole stage is generated; later (a withdrawal, a late registration, a new seed) the started
   * rounds are kept and count, and only the others are generated again. P not a multiple of 10 is refused with
   * the generator's explanation of the options (an extra game, or spare seats) unless one was chosen.
   */
  private seatStage(stage: Stage, seed: number, options: StageOptions): void {
    const db = this.db()
    const active = this.stagePlayers(stage)
    if (active.length < 10) {
      throw fail(
        'tournament/too_few_players',
        `Для рассадки нужно не меньше 10 игроков, зарегистрировано ${active.length}.`,
        `A seating needs at least 10 players; ${active.length} are registered.`,
        { players: active.length },
      )
    }
    if (stage.games === null) {
      throw fail(
        'tournament/no_games_planned',
        'У этапа не задано число игр.',
        'The stage has no number of games.',
      )
    }
    const rounds = db.tournaments.listRounds(stage.id)
    const open = rounds.filter((r) => r.startedAt === null)
    const kept = rounds.filter((r) => r.startedAt !== null)
    if (open.length === 0) {
      throw fail(
        'tournament/no_open_rounds',
        'Все туры этапа уже начаты: пересаживать нечего.',
        'Every round of the stage has started: there is nothing left to seat.',
      )
    }
    const space = this.indexSpace(kept, active)
    const activeSet = new Set(active)
    // Stored constraints may name a player who has left since: they bind only the stage's players.
    const constraints = {
      avoid: pairsToKeepApart(db, options.avoidPairs)
        .filter(([x, y]) => activeSet.has(x) && activeSet.has(y))
        .map(([x, y]) => [space.index(x), space.index(y)] as [number, number]),
      fixedTable: Object.entries(options.fixedTable ?? {})
        .filter(([id]) => activeSet.has(Number(id)))
        .map(([id, table]) => ({ player: space.index(Number(id)), table })),
    }
    const withdrawn = space.ids.map((id, i) => (activeSet.has(id) ? -1 : i)).filter((i) => i >= 0)
    const previous = space.rounds
    const result =
      previous.length === 0
        ? generateSeating({
            players: space.ids.length,
            games: stage.games,
            seed,
            uneven: options.uneven,
            ...constraints,
          })
        : regenerateSeating(
            {
              seed,
              // The rounds not started are in the plan only to be generated again: as many as there are, or
              // with an extra game as many as the players still need (a late registration needs more).
              rounds: [
                ...previous,
                ...Array.from(
                  { length: this.roundsToPlan(stage.games, kept, active, options, open.length) },
                  (_, k) => ({
                    round: previous.length + k + 1,
                    tables: [],
                  }),
                ),
              ],
              report: evaluateSeating(space.seatedBefore, stage.games, previous),
              players: space.seatedBefore,
              games: stage.games,
              mode: options.uneven ?? 'exact',
              constraints: {},
            },
            {
              keep: previous.length,
              players: space.ids.length,
              withdrawn,
              seed,
              uneven: options.uneven,
              ...constraints,
            },
          )
    if (!result.ok) throw new AppError(result.error)
    const planned = result.value.rounds.slice(previous.length)
    db.transaction(() => {
      const tableCount = Math.max(...planned.flatMap((r) => r.tables.map((t) => t.table)))
      if (db.tournaments.listTables(stage.tournamentId).length < tableCount)
        db.tournaments.setTableCount(stage.tournamentId, tableCount)
      const tables = new Map(db.tournaments.listTables(stage.tournamentId).map((t) => [t.number, t.id]))
      // Rounds as the plan needs them (an extra game can need more rounds than games): added or removed.
      const targets = [...open]
      while (targets.length < planned.length) targets.push(db.tournaments.addRound(stage.id))
      for (const extra of targets.splice(planned.length)) db.tournaments.deleteRound(extra.id)
      planned.forEach((r, k) => {
        db.seatings.saveRoundSeating(
          targets[k].id,
          r.tables.map((t) => ({
            tableId: tables.get(t.table)!,
            seats: t.seats.map((i) => (i === SPARE_SEAT || i >= space.ids.length ? null : space.ids[i])),
          })),
        )
      })
      // The lot drawn at the stage's cut is kept with the seating's options.
      const { cutLot } = stage.options
      db.tournaments.setStageSeating(stage.id, seed, cutLot ? { ...options, cutLot } : options)
    })
  }

  /**
   * How many rounds not started to plan. Every player plays every round with exact tables or spare seats, so the
   * stage keeps its rounds (a late player plays fewer games, and the dashboard says so). With an extra game the
   * rounds are those the active players still need: their missing games over the seats of a round.
   */
  private roundsToPlan(
    games: number,
    kept: Round[],
    active: number[],
    options: StageOptions,
    open: number,
  ): number {
    if (options.uneven !== 'extraGame' || kept.length === 0) return open
    const db = this.db()
    const played = roundsPerPlayer(
      kept.map((r) => db.seatings.roundSeating(r.id).tables.flatMap((t) => t.seats)),
    )
    const needed = active.reduce((n, id) => n + Math.max(0, games - (played.get(id) ?? 0)), 0)
    return Math.ceil(needed / (10 * Math.max(1, Math.floor(active.length / 10))))
  }

  /**
   * The stage's seating as XLSX (export/seating-xlsx.ts): one sheet per round (judges of the tables) and one
   * "by player"; with an extra game the players sitting a round out are listed.
   */
  async exportSeating(stageId: number, lang: 'ru' | 'en'): Promise<ExportedFile> {
    const db = this.db()
    const stage = this.requireStage(stageId)
    const t = this.require(stage.tournamentId)
    const players = this.stagePlayers(stage)
    const space = this.indexSpace(db.tournaments.listRounds(stage.id), players)
    if (space.rounds.length === 0) {
      throw fail('tournament/no_seating', 'У этапа ещё нет рассадки.', 'The stage has no seating yet.')
    }
    const seated = db.tournaments
      .listRounds(stage.id)
      .map((r) => ({ round: r, seating: db.seatings.roundSeating(r.id) }))
      .filter((x) => x.seating.tables.length > 0)
    // Who does not play each round and why (sits out / not yet registered / withdrawn), as the dashboard says.
    const roster = this.roster(stage)
    const absence: Record<number, Record<number, AbsenceReason>> = {}
    const rounds = space.rounds.map((r, k) => {
      const out = absences(
        roster,
        seated[k].seating.tables.flatMap((x) => x.seats),
        seated[k].round.startedAt,
      )
      absence[r.round] = Object.fromEntries(out.map((a) => [space.index(a.id), a.reason]))
      return out.length > 0 ? { ...r, sittingOut: out.map((a) => space.index(a.id)) } : r
    })
    const names = space.ids.map((id) => db.players.getPlayer(id)?.nickname ?? `#${id}`)
    const judges = Object.fromEntries(db.tournaments.listTables(t.id).map((x) => [x.number, x.judge]))
    // Each round's sheet names the judges of that round (a per-round judge, or the game's own once made).
    const roundJudges = Object.fromEntries(
      seated.map((x, k) => [k + 1, this.judgesOf(x.round.id, x.seating.tables)]),
    )
    const bytes = await seatingToXlsx({ rounds }, names, {
      lang,
      title: t.name,
      judges,
      roundJudges,
      absence,
    })
    return {
      fileName: `seating-${t.id}-${stage.position}.xlsx`,
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      base64: bytes.toString('base64'),
    }
  }
}
