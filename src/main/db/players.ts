/** The player registry: nicknames (folded for search and uniqueness), details, photos, merges, CSV import. */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { AppError } from '../../shared/errors'
import { DbCore, PLAYER, Repo } from './core'
import { parsePlayersCsv } from './csv'
import { dbError, invalidInput, notFound, toDbError } from './errors'
import { fsyncDir, fsyncFile, removeIfExists } from './fsutil'
import { IMAGE_EXTENSIONS, MAX_PHOTO_BYTES, detectImageType } from './photos'
import { toPlayer, type PlayerDbRow } from './rows'
import { foldKey } from './text'
import { remapPairPolicies } from './seasons'
import type { CsvImportReport, Player, PlayerInput, PlayerPatch, StageOptions } from './types'
import { checkNickname, optionalText, remapSetupPlayers } from './validate'

export function playerByKey(core: DbCore, key: string): PlayerDbRow | undefined {
  return core.stmt('SELECT * FROM players WHERE nickname_key = ?').get(key) as PlayerDbRow | undefined
}

export function insertPlayer(
  core: DbCore,
  nickname: string,
  fullName: string,
  club: string,
  city: string,
): number {
  const now = Date.now()
  const info = core
    .stmt(
      `INSERT INTO players (nickname, nickname_key, full_name, club, city, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(nickname, foldKey(nickname), fullName, club, city, now, now)
  return Number(info.lastInsertRowid)
}

export function requirePlayer(core: DbCore, id: number): PlayerDbRow {
  return core.requireRow<PlayerDbRow>('players', PLAYER, id)
}

/** The stages' stored seating options, as read for a merge. */
type StageOptionRows = Array<{ id: number; options: string; parsed: StageOptions }>

export class PlayersRepo extends Repo {
  /** All players, or those whose nickname contains `query` (case-insensitive, Cyrillic included, ё = е). */
  listPlayers(query?: string): Player[] {
    return this.guard(() => {
      const key = query === undefined ? '' : foldKey(query)
      if (key === '') {
        return (this.stmt('SELECT * FROM players ORDER BY nickname_key').all() as PlayerDbRow[]).map(toPlayer)
      }
      const rows = this.stmt(
        `SELECT * FROM players WHERE instr(nickname_key, ?) > 0
         ORDER BY instr(nickname_key, ?) <> 1, nickname_key`,
      ).all(key, key) as PlayerDbRow[]
      return rows.map(toPlayer)
    })
  }

  getPlayer(id: number): Player | null {
    return this.guard(() => {
      const row = this.stmt('SELECT * FROM players WHERE id = ?').get(id) as PlayerDbRow | undefined
      return row ? toPlayer(row) : null
    })
  }

  /** Exact nickname match after folding (case, ё/е, spaces). */
  findPlayerByNickname(nickname: string): Player | null {
    return this.guard(() => {
      const row = playerByKey(this.core, foldKey(nickname))
      return row ? toPlayer(row) : null
    })
  }

  addPlayer(input: PlayerInput): Player {
    const nickname = checkNickname(input.nickname)
    const fullName = optionalText(input.fullName, 'fullName')
    const club = optionalText(input.club, 'club')
    const city = optionalText(input.city, 'city')
    return this.write(() => {
      const existing = playerByKey(this.core, foldKey(nickname))
      if (existing) throw playerExists(nickname, existing.id)
      return toPlayer(this.requirePlayer(insertPlayer(this.core, nickname, fullName, club, city)))
    })
  }

  updatePlayer(id: number, patch: PlayerPatch): Player {
    return this.write(() => {
      const row = this.requirePlayer(id)
      const nickname = patch.nickname === undefined ? row.nickname : checkNickname(patch.nickname)
      const key = foldKey(nickname)
      const other = playerByKey(this.core, key)
      if (other && other.id !== id) throw playerExists(nickname, other.id)
      this.stmt(
        `UPDATE players SET nickname = ?, nickname_key = ?, full_name = ?, club = ?, city = ?, updated_at = ?
         WHERE id = ?`,
      ).run(
        nickname,
        key,
        patch.fullName === undefined ? row.full_name : optionalText(patch.fullName, 'fullName'),
        patch.club === undefined ? row.club : optionalText(patch.club, 'club'),
        patch.city === undefined ? row.city : optionalText(patch.city, 'city'),
        Date.now(),
        id,
      )
      return toPlayer(this.requirePlayer(id))
    })
  }

  /** Deletes a player who is in no game and no tournament (db/player_in_use otherwise). */
  deletePlayer(id: number): void {
    let photo: string | null = null
    this.write(() => {
      const row = this.requirePlayer(id)
      const used = ['game_seats', 'game_results', 'tournament_players', 'stage_players', 'round_seats'].some(
        (table) => this.stmt(`SELECT 1 FROM ${table} WHERE player_id = ? LIMIT 1`).get(id) !== undefined,
      )
      if (used) {
        throw dbError(
          'db/player_in_use',
          `Игрок «${row.nickname}» есть в играх или турнирах: его нельзя удалить (можно объединить с другим).`,
          `Player "${row.nickname}" is in games or tournaments: they cannot be deleted (merge them instead).`,
          { id },
        )
      }
      photo = row.photo
      this.stmt('DELETE FROM players WHERE id = ?').run(id)
    })
    if (photo !== null) this.removePhotoFileIfUnused(photo)
  }

  /**
   * Merges `dropId` into `keepId` in one transaction: every reference to the dropped player moves to the kept one
   * (seatings: game_seats and setup JSON `players[].playerId`; game results; tournament registrations; stage lists;
   * stored round seatings; the players named in stages' seating options and in the registry's pair policies); the kept player's empty fields (full
   * name, club, city, photo) are filled from the dropped one; the dropped player is deleted.
   *
   * Refused with db/merge_conflict, changing nothing, where the two already count as two people: seated in the same
   * game or round, both in one stage's list or tied with each other at a stage's cut. Two registrations in one
   * tournament become one (the earlier date; withdrawn only if both were).
   */
  mergePlayers(keepId: number, dropId: number): Player {
    if (keepId === dropId) {
      throw invalidInput(
        'Нельзя объединить игрока с самим собой.',
        'A player cannot be merged with themself.',
      )
    }
    let orphanPhoto: string | null = null
    const kept = this.write(() => {
      const keep = this.requirePlayer(keepId)
      const drop = this.requirePlayer(dropId)
      // Every stage's seating options, read once: they can name either player.
      const stages = (
        this.stmt('SELECT id, options FROM stages').all() as Array<{ id: number; options: string }>
      ).map((row) => ({ ...row, parsed: JSON.parse(row.options) as StageOptions }))
      this.refuseMergeConflicts(keep, drop, stages)
      const games = this.stmt('SELECT DISTINCT game_id FROM game_seats WHERE player_id = ?').all(
        dropId,
      ) as Array<{
        game_id: number
      }>
      const updateSetup = this.stmt('UPDATE games SET setup = ?, updated_at = ? WHERE id = ?')
      for (const { game_id } of games) {
        const row = this.requireGame(game_id)
        const setup = remapSetupPlayers(JSON.parse(row.setup) as unknown, (id) =>
          id === dropId ? keepId : id,
        )
        updateSetup.run(JSON.stringify(setup), Date.now(), game_id)
      }
      this.stmt('UPDATE game_seats SET player_id = ? WHERE player_id = ?').run(keepId, dropId)
      this.stmt('UPDATE game_results SET player_id = ? WHERE player_id = ?').run(keepId, dropId)
      this.stmt('UPDATE round_seats SET player_id = ? WHERE player_id = ?').run(keepId, dropId)
      // A substitution names the seated player it replaced (issue 28): the kept entry is that player now.
      this.stmt('UPDATE round_substitutions SET replaced_id = ? WHERE replaced_id = ?').run(keepId, dropId)
      this.stmt('UPDATE stage_players SET player_id = ? WHERE player_id = ?').run(keepId, dropId)
      // An appeal filed by the dropped entry (issue 31 §1) is the kept player's now.
      this.stmt('UPDATE appeals SET filer_player_id = ? WHERE filer_player_id = ?').run(keepId, dropId)
      this.mergeRegistrations(keepId, dropId)
      this.remapStageOptions(keepId, dropId, stages)
      remapPairPolicies((sql) => this.stmt(sql), keepId, dropId)
      const photo = keep.photo ?? drop.photo
      if (drop.photo !== null && drop.photo !== photo) orphanPhoto = drop.photo
      this.stmt(
        'UPDATE players SET full_name = ?, club = ?, city = ?, photo = ?, updated_at = ? WHERE id = ?',
      ).run(
        keep.full_name || drop.full_name,
        keep.club || drop.club,
        keep.city || drop.city,
        photo,
        Date.now(),
        keepId,
      )
      this.stmt('DELETE FROM players WHERE id = ?').run(dropId)
      return toPlayer(this.requirePlayer(keepId))
    })
    if (orphanPhoto !== null) this.removePhotoFileIfUnused(orphanPhoto)
    return kept
  }

  /** The places where two players already count as two people: a merge of them is refused there. */
  private refuseMergeConflicts(keep: PlayerDbRow, drop: PlayerDbRow, stages: StageOptionRows): void {
    const conflict = (ru: string, en: string, details: Record<string, unknown>): AppError =>
      dbError(
        'db/merge_conflict',
        `«${keep.nickname}» и «${drop.nickname}» — разные люди: ${ru}. Объединение не выполнено, ничего не изменилось.`,
        `"${keep.nickname}" and "${drop.nickname}" are two people: ${en}. Nothing was merged or changed.`,
        { keepId: keep.id, dropId: drop.id, ...details },
      )
    const game = this.stmt(
      `SELECT a.game_id AS id FROM game_seats a JOIN game_seats b ON b.game_id = a.game_id
       WHERE a.player_id = ? AND b.player_id = ? LIMIT 1`,
    ).get(keep.id, drop.id) as { id: number } | undefined
    if (game) {
      throw conflict(`оба сидели за столом в игре №${game.id}`, `both sat at the table of game ${game.id}`, {
        gameId: game.id,
      })
    }
    const round = this.stmt(
      `SELECT r.number AS number, r.id AS id FROM round_seats a
       JOIN round_seats b ON b.round_id = a.round_id JOIN rounds r ON r.id = a.round_id
       WHERE a.player_id = ? AND b.player_id = ? LIMIT 1`,
    ).get(keep.id, drop.id) as { id: number; number: number } | undefined
    if (round) {
      throw conflict(
        `оба рассажены в туре ${round.number} (пересадите одного из них)`,
        `both are seated in round ${round.number} (move one of them first)`,
        { roundId: round.id },
      )
    }
    const stage = this.stmt(
      `SELECT a.stage_id AS id FROM stage_players a JOIN stage_players b ON b.stage_id = a.stage_id
       WHERE a.player_id = ? AND b.player_id = ? LIMIT 1`,
    ).get(keep.id, drop.id) as { id: number } | undefined
    const tied = stages.find((st) => {
      const lot = st.parsed.cutLot
      return lot !== undefined && lot.tied.includes(keep.id) && lot.tied.includes(drop.id)
    })
    const stageId = stage?.id ?? tied?.id
    if (stageId !== undefined) {
      throw conflict(
        `оба в списке игроков этапа №${stageId}`,
        `both are in the players of stage ${stageId}`,
        { stageId },
      )
    }
  }

  /** Two registrations in one tournament become the kept player's one: the earlier date, active if either was. */
  private mergeRegistrations(keepId: number, dropId: number): void {
    const rows = this.stmt(
      `SELECT d.tournament_id AS tournament, d.registered_at AS registeredAt, d.withdrawn_at AS withdrawnAt
       FROM tournament_players d JOIN tournament_players k ON k.tournament_id = d.tournament_id
       WHERE d.player_id = ? AND k.player_id = ?`,
    ).all(dropId, keepId) as Array<{ tournament: number; registeredAt: number; withdrawnAt: number | null }>
    const join = this.stmt(
      `UPDATE tournament_players SET registered_at = min(registered_at, ?),
         withdrawn_at = CASE WHEN withdrawn_at IS NULL OR ? IS NULL THEN NULL ELSE max(withdrawn_at, ?) END
       WHERE tournament_id = ? AND player_id = ?`,
    )
    const remove = this.stmt('DELETE FROM tournament_players WHERE tournament_id = ? AND player_id = ?')
    for (const r of rows) {
      join.run(r.registeredAt, r.withdrawnAt, r.withdrawnAt, r.tournament, keepId)
      remove.run(r.tournament, dropId)
    }
    this.stmt('UPDATE tournament_players SET player_id = ? WHERE player_id = ?').run(keepId, dropId)
  }

  /** The player ids inside stages' seating options (pairs to keep apart, fixed tables, the cut's lot). */
  private remapStageOptions(keepId: number, dropId: number, stages: StageOptionRows): void {
    const to = (id: number): number => (id === dropId ? keepId : id)
    const update = this.stmt('UPDATE stages SET options = ? WHERE id = ?')
    for (const s of stages) {
      const o = s.parsed
      const next: StageOptions = { ...o }
      if (o.avoidPairs) {
        // A pair of the two merged players is no pair any more.
        next.avoidPairs = o.avoidPairs
          .map(([a, b]): [number, number] => [to(a), to(b)])
          .filter(([a, b]) => a !== b)
      }
      if (o.fixedTable && String(dropId) in o.fixedTable) {
        const { [String(dropId)]: table, ...rest } = o.fixedTable
        // The kept player's own fixed table wins.
        next.fixedTable = String(keepId) in rest ? rest : { ...rest, [String(keepId)]: table }
      }
      if (o.cutLot)
        next.cutLot = { ...o.cutLot, tied: o.cutLot.tied.map(to), through: o.cutLot.through.map(to) }
      const json = JSON.stringify(next)
      if (json !== s.options) update.run(json, s.id)
    }
  }

  /**
   * Imports players from CSV (see csv.ts for the accepted shape). All or nothing: when any line has an error,
   * nothing is written and every bad line is reported. Nicknames already in the registry are skipped.
   */
  importPlayersCsv(text: string): CsvImportReport {
    const { rows, errors } = parsePlayersCsv(text)
    return this.write(() => {
      const fresh = rows.filter((r) => playerByKey(this.core, foldKey(r.nickname)) === undefined)
      const skipped = rows.length - fresh.length
      if (errors.length > 0) return { added: 0, skipped, errors }
      for (const r of fresh) {
        insertPlayer(
          this.core,
          r.nickname,
          r.fullName.slice(0, 200),
          r.club.slice(0, 200),
          r.city.slice(0, 200),
        )
      }
      return { added: fresh.length, skipped, errors: [] }
    })
  }

  /**
   * Copies an image into `<dataDir>/photos/` and makes it the player's photo. The type comes from the magic
   * bytes (PNG, JPEG, WebP); at most 5 MB. Returns the stored path relative to the data folder.
   */
  setPhoto(playerId: number, sourcePath: string): string {
    const player = this.getPlayer(playerId)
    if (!player) throw notFound(PLAYER, playerId)
    if (this.core.readonly) throw this.core.readonlyError()
    let data: Buffer
    try {
      const st = fs.statSync(sourcePath)
      if (!st.isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOENT' })
      if (st.size > MAX_PHOTO_BYTES) throw photoTooLarge(st.size)
      data = fs.readFileSync(sourcePath)
    } catch (err) {
      if (err instanceof AppError) throw err
      const code = (err as { code?: unknown }).code
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') {
        throw dbError(
          'db/photo_not_found',
          `Файл фотографии не найден: ${sourcePath}.`,
          `The photo file was not found: ${sourcePath}.`,
          { sourcePath },
        )
      }
      throw toDbError(err)
    }
    if (data.length > MAX_PHOTO_BYTES) throw photoTooLarge(data.length)
    const type = detectImageType(data.subarray(0, 12))
    if (type === null) {
      throw dbError(
        'db/photo_bad_type',
        'Фотография должна быть изображением PNG, JPEG или WebP (проверяется содержимое файла, а не его имя).',
        'The photo must be a PNG, JPEG or WebP image (the file content is checked, not its name).',
        { sourcePath },
      )
    }
    const hash = crypto.createHash('sha256').update(data).digest('hex').slice(0, 12)
    const name = `player-${playerId}-${hash}${IMAGE_EXTENSIONS[type]}`
    const relative = `photos/${name}`
    const dir = path.join(this.core.dataDir, 'photos')
    const target = path.join(dir, name)
    const partial = `${target}.partial`
    try {
      fs.mkdirSync(dir, { recursive: true })
      fs.writeFileSync(partial, data)
      fsyncFile(partial)
      fs.renameSync(partial, target)
      fsyncDir(dir)
    } catch (err) {
      removeIfExists(partial)
      throw toDbError(err)
    }
    const previous = player.photo
    try {
      this.write(() => {
        this.requirePlayer(playerId)
        this.stmt('UPDATE players SET photo = ?, updated_at = ? WHERE id = ?').run(
          relative,
          Date.now(),
          playerId,
        )
      })
    } catch (err) {
      if (previous !== relative) this.removePhotoFileIfUnused(relative)
      throw err
    }
    if (previous !== null && previous !== relative) this.removePhotoFileIfUnused(previous)
    return relative
  }

  /** Removes the player's photo (the file is deleted when no other player uses it). */
  clearPhoto(playerId: number): void {
    let previous: string | null = null
    this.write(() => {
      previous = this.requirePlayer(playerId).photo
      this.stmt('UPDATE players SET photo = NULL, updated_at = ? WHERE id = ?').run(Date.now(), playerId)
    })
    if (previous !== null) this.removePhotoFileIfUnused(previous)
  }

  private removePhotoFileIfUnused(relative: string): void {
    try {
      const used = this.stmt('SELECT 1 FROM players WHERE photo = ? LIMIT 1').get(relative)
      if (!used && relative.startsWith('photos/')) removeIfExists(this.core.resolvePath(relative))
    } catch {
      // A leftover file is harmless.
    }
  }
}

function playerExists(nickname: string, id: number): AppError {
  return dbError(
    'db/player_exists',
    `Игрок с ником «${nickname}» уже есть в списке.`,
    `A player with the nickname "${nickname}" already exists.`,
    { id, nickname },
  )
}

function photoTooLarge(size: number): AppError {
  return dbError(
    'db/photo_too_large',
    `Фотография слишком большая: ${(size / 1048576).toFixed(1)} МБ, допустимо не более 5 МБ.`,
    `The photo is too large: ${(size / 1048576).toFixed(1)} MB; at most 5 MB is allowed.`,
    { size, max: MAX_PHOTO_BYTES },
  )
}
