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
import type { CsvImportReport, Player, PlayerInput, PlayerPatch } from './types'
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

  /** Deletes a player who is in no game (db/player_in_use otherwise). */
  deletePlayer(id: number): void {
    let photo: string | null = null
    this.write(() => {
      const row = this.requirePlayer(id)
      const used =
        this.stmt('SELECT 1 FROM game_seats WHERE player_id = ? LIMIT 1').get(id) ??
        this.stmt('SELECT 1 FROM game_results WHERE player_id = ? LIMIT 1').get(id)
      if (used) {
        throw dbError(
          'db/player_in_use',
          `Игрок «${row.nickname}» участвовал в играх: его нельзя удалить (можно объединить с другим).`,
          `Player "${row.nickname}" has played games: they cannot be deleted (merge them instead).`,
          { id },
        )
      }
      photo = row.photo
      this.stmt('DELETE FROM players WHERE id = ?').run(id)
    })
    if (photo !== null) this.removePhotoFileIfUnused(photo)
  }

  /**
   * Merges `dropId` into `keepId` in one transaction: every seating (game_seats and setup JSON
   * `players[].playerId`) and every game result of the dropped player moves to the kept one; the kept player's
   * empty fields (full name, club, city, photo) are filled from the dropped one; the dropped player is deleted.
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
