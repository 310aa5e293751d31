/** Registration: who plays a tournament (withdrawn players keep their played games), and who plays a stage. */
import { Repo } from './core'
import { parsePlayersCsv } from './csv'
import { dbError, invalidInput } from './errors'
import { insertPlayer, playerByKey } from './players'
import { toPlayer, type PlayerDbRow } from './rows'
import { foldKey } from './text'
import type { CsvImportReport, Registration } from './types'

interface RegistrationDbRow extends PlayerDbRow {
  registered_at: number
  withdrawn_at: number | null
}

export class RegistrationsRepo extends Repo {
  /** Registers players (a withdrawn one comes back). Returns the tournament's registrations. */
  registerPlayers(tournamentId: number, playerIds: number[]): Registration[] {
    return this.write(() => {
      this.requireTournament(tournamentId)
      for (const id of playerIds) {
        this.requirePlayer(id)
        this.insert(tournamentId, id)
      }
      return this.listRegistrations(tournamentId)
    })
  }

  private insert(tournamentId: number, playerId: number): void {
    this.stmt(
      `INSERT INTO tournament_players (tournament_id, player_id, registered_at) VALUES (?, ?, ?)
       ON CONFLICT(tournament_id, player_id) DO UPDATE SET withdrawn_at = NULL`,
    ).run(tournamentId, playerId, Date.now())
  }

  /** Withdraws a player: his played games stay; his seats in rounds not started are re-filled by the caller. */
  withdrawPlayer(tournamentId: number, playerId: number): void {
    this.write(() => {
      const row = this.stmt(
        `SELECT tp.withdrawn_at, p.nickname FROM tournament_players tp JOIN players p ON p.id = tp.player_id
         WHERE tp.tournament_id = ? AND tp.player_id = ?`,
      ).get(tournamentId, playerId) as { withdrawn_at: number | null; nickname: string } | undefined
      if (!row) throw notRegistered(tournamentId, playerId)
      if (row.withdrawn_at !== null) {
        throw dbError(
          'db/already_withdrawn',
          `Игрок «${row.nickname}» уже снят с турнира. Чтобы вернуть его, зарегистрируйте снова.`,
          `Player "${row.nickname}" is already withdrawn. Register him again to bring him back.`,
          { tournamentId, playerId },
        )
      }
      this.stmt(
        'UPDATE tournament_players SET withdrawn_at = ? WHERE tournament_id = ? AND player_id = ?',
      ).run(Date.now(), tournamentId, playerId)
    })
  }

  /** Registrations in order of registration (withdrawn players included, marked). */
  listRegistrations(tournamentId: number): Registration[] {
    return this.guard(() =>
      (
        this.stmt(
          `SELECT p.*, tp.registered_at, tp.withdrawn_at FROM tournament_players tp
           JOIN players p ON p.id = tp.player_id WHERE tp.tournament_id = ?
           ORDER BY tp.registered_at, p.nickname_key`,
        ).all(tournamentId) as RegistrationDbRow[]
      ).map((r) => ({ player: toPlayer(r), registeredAt: r.registered_at, withdrawnAt: r.withdrawn_at })),
    )
  }

  /** Ids of the players still in the tournament, in order of registration. */
  activePlayerIds(tournamentId: number): number[] {
    return this.listRegistrations(tournamentId)
      .filter((r) => r.withdrawnAt === null)
      .map((r) => r.player.id)
  }

  /**
   * Imports players from CSV into the tournament, as the registry import (csv.ts) and all or nothing: when any
   * line has an error nothing is written and every bad line is reported. A nickname already in the registry is
   * that player (registered, not created again); `skipped` counts lines whose player was already registered.
   */
  importTournamentCsv(tournamentId: number, text: string): CsvImportReport {
    const { rows, errors } = parsePlayersCsv(text)
    return this.write(() => {
      this.requireTournament(tournamentId)
      if (errors.length > 0) return { added: 0, skipped: 0, errors }
      let added = 0
      let skipped = 0
      for (const r of rows) {
        const existing = playerByKey(this.core, foldKey(r.nickname))
        const id =
          existing?.id ??
          insertPlayer(
            this.core,
            r.nickname,
            r.fullName.slice(0, 200),
            r.club.slice(0, 200),
            r.city.slice(0, 200),
          )
        const already = this.stmt(
          'SELECT withdrawn_at FROM tournament_players WHERE tournament_id = ? AND player_id = ?',
        ).get(tournamentId, id) as { withdrawn_at: number | null } | undefined
        if (already && already.withdrawn_at === null) skipped++
        else {
          this.insert(tournamentId, id)
          added++
        }
      }
      return { added, skipped, errors: [] }
    })
  }

  /** Who plays a stage after the qualifying, best seed first (replaces any earlier list). */
  setStagePlayers(stageId: number, playerIds: number[]): void {
    if (new Set(playerIds).size !== playerIds.length) {
      throw invalidInput('Игрок указан в этапе дважды.', 'A player is listed twice in the stage.')
    }
    this.write(() => {
      this.requireStage(stageId)
      this.stmt('DELETE FROM stage_players WHERE stage_id = ?').run(stageId)
      const insert = this.stmt('INSERT INTO stage_players (stage_id, player_id, seed) VALUES (?, ?, ?)')
      playerIds.forEach((id, i) => {
        this.requirePlayer(id)
        insert.run(stageId, id, i + 1)
      })
    })
  }

  /** The stage's own players by seed, or null when the stage takes every registered player. */
  stagePlayerIds(stageId: number): number[] | null {
    return this.guard(() => {
      const rows = this.stmt('SELECT player_id FROM stage_players WHERE stage_id = ? ORDER BY seed').all(
        stageId,
      ) as Array<{ player_id: number }>
      return rows.length === 0 ? null : rows.map((r) => r.player_id)
    })
  }
}

function notRegistered(tournamentId: number, playerId: number) {
  return dbError(
    'db/not_registered',
    `Игрок №${playerId} не зарегистрирован в турнире.`,
    `Player ${playerId} is not registered in the tournament.`,
    { tournamentId, playerId },
  )
}
