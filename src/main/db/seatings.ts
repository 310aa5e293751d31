/** Stored round seatings (round_seats): who sits at which table and seat; NULL marks a spare seat. */
import { Repo } from './core'
import { dbError, invalidInput } from './errors'
import { roundStarted } from './tournaments'
import type { RoundSeating } from './types'

interface SeatDbRow {
  table_id: number
  number: number
  seat: number
  player_id: number | null
}

export class SeatingsRepo extends Repo {
  /** Replaces the seating of a round that has not started (db/round_started otherwise). */
  saveRoundSeating(roundId: number, tables: Array<{ tableId: number; seats: Array<number | null> }>): void {
    this.write(() => {
      const round = this.requireRound(roundId)
      if (round.started_at !== null) throw roundStarted(round.number)
      const tournamentId = this.requireStage(round.stage_id).tournament_id
      const seen = new Set<number>()
      this.stmt('DELETE FROM round_seats WHERE round_id = ?').run(roundId)
      const insert = this.stmt(
        'INSERT INTO round_seats (round_id, table_id, seat, player_id) VALUES (?, ?, ?, ?)',
      )
      for (const t of tables) {
        if (this.requireTable(t.tableId).tournament_id !== tournamentId || t.seats.length !== 10) {
          throw invalidInput('Неверный стол в рассадке.', 'An invalid table in the seating.', {
            tableId: t.tableId,
          })
        }
        t.seats.forEach((playerId, i) => {
          if (playerId !== null) {
            if (seen.has(playerId)) {
              throw invalidInput(
                `Игрок №${playerId} посажен в туре дважды.`,
                `Player ${playerId} is seated twice in the round.`,
                { playerId },
              )
            }
            seen.add(playerId)
            this.requirePlayer(playerId)
          }
          insert.run(roundId, t.tableId, i + 1, playerId)
        })
      }
    })
  }

  /** The stored seating of a round (tables in number order; empty when none is stored). */
  roundSeating(roundId: number): RoundSeating {
    return this.guard(() => {
      const rows = this.stmt(
        `SELECT rs.table_id, t.number, rs.seat, rs.player_id FROM round_seats rs JOIN tables t ON t.id = rs.table_id
         WHERE rs.round_id = ? ORDER BY t.number, rs.seat`,
      ).all(roundId) as SeatDbRow[]
      const tables: RoundSeating['tables'] = []
      for (const r of rows) {
        let t = tables.at(-1)
        if (!t || t.tableId !== r.table_id) {
          t = { tableId: r.table_id, table: r.number, seats: new Array<number | null>(10).fill(null) }
          tables.push(t)
        }
        t.seats[r.seat - 1] = r.player_id
      }
      return { roundId, tables }
    })
  }

  /** Swaps two players in a round that has not started (each keeps the other's table and seat). */
  swapSeats(roundId: number, a: number, b: number): void {
    this.write(() => {
      const round = this.requireRound(roundId)
      if (round.started_at !== null) throw roundStarted(round.number)
      const pa = this.seatOf(roundId, round.number, a)
      const pb = this.seatOf(roundId, round.number, b)
      const set = this.stmt(
        'UPDATE round_seats SET player_id = ? WHERE round_id = ? AND table_id = ? AND seat = ?',
      )
      set.run(null, roundId, pa.table_id, pa.seat)
      set.run(a, roundId, pb.table_id, pb.seat)
      set.run(b, roundId, pa.table_id, pa.seat)
    })
  }

  /**
   * Moves a player of a round that has not started into a spare seat (stored empty) of the same round; his seat
   * becomes the spare one. db/round_started for a started round, db/seat_taken when the seat is not a spare one.
   */
  moveToSpareSeat(roundId: number, playerId: number, tableId: number, seat: number): void {
    this.write(() => {
      const round = this.requireRound(roundId)
      if (round.started_at !== null) throw roundStarted(round.number)
      const from = this.seatOf(roundId, round.number, playerId)
      const target = this.stmt(
        'SELECT player_id FROM round_seats WHERE round_id = ? AND table_id = ? AND seat = ?',
      ).get(roundId, tableId, seat) as { player_id: number | null } | undefined
      if (!target || target.player_id !== null) {
        const number = this.requireTable(tableId).number
        throw dbError(
          'db/seat_taken',
          `Место ${seat} за столом ${number} в туре ${round.number} не запасное: пересадить можно только на свободное место (или поменять двух игроков местами).`,
          `Seat ${seat} at table ${number} in round ${round.number} is not a spare seat: a player moves only into a free seat (or swap two players).`,
          { roundId, tableId, seat },
        )
      }
      const set = this.stmt(
        'UPDATE round_seats SET player_id = ? WHERE round_id = ? AND table_id = ? AND seat = ?',
      )
      set.run(null, roundId, from.table_id, from.seat)
      set.run(playerId, roundId, tableId, seat)
    })
  }

  /** A player's table and seat in a round (db/not_found when he has none). */
  private seatOf(roundId: number, roundNumber: number, playerId: number): { table_id: number; seat: number } {
    const row = this.stmt('SELECT table_id, seat FROM round_seats WHERE round_id = ? AND player_id = ?').get(
      roundId,
      playerId,
    ) as { table_id: number; seat: number } | undefined
    if (!row) {
      throw dbError(
        'db/not_found',
        `Игрок №${playerId} не посажен в туре ${roundNumber}.`,
        `Player ${playerId} has no seat in round ${roundNumber}.`,
        { roundId, playerId },
      )
    }
    return row
  }
}
