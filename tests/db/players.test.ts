import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_PHOTO_BYTES, openDatabase, type MafiaDb } from '../../src/main/db'
import { entry, errorCode, removeDir, results, setupFor, tempDir, tinyPng } from './helpers'

let dir: string
let db: MafiaDb
beforeEach(async () => {
  dir = tempDir()
  db = await openDatabase(path.join(dir, 'mafia-desk.sqlite'))
})
afterEach(() => {
  if (db.isOpen) db.close()
  removeDir(dir)
})

describe('player registry', () => {
  it('adds, edits and refuses duplicate nicknames (case- and ё-insensitive)', async () => {
    const fox = db.players.addPlayer({
      nickname: '  лиса ',
      fullName: 'Алиса Петрова',
      club: 'Столица',
      city: 'Москва',
    })
    expect(fox).toMatchObject({
      nickname: 'лиса',
      fullName: 'Алиса Петрова',
      club: 'Столица',
      city: 'Москва',
      photo: null,
    })
    expect(await errorCode(() => db.players.addPlayer({ nickname: 'ЛИСА' }))).toBe('db/player_exists')
    expect(await errorCode(() => db.players.addPlayer({ nickname: '   ' }))).toBe('db/invalid_input')
    const hedgehog = db.players.addPlayer({ nickname: 'Ёжик' })
    expect(await errorCode(() => db.players.addPlayer({ nickname: 'ежик' }))).toBe('db/player_exists')
    const edited = db.players.updatePlayer(fox.id, { nickname: 'Лиса', club: 'Первая столица' })
    expect(edited).toMatchObject({ nickname: 'Лиса', fullName: 'Алиса Петрова', club: 'Первая столица' })
    expect(await errorCode(() => db.players.updatePlayer(hedgehog.id, { nickname: 'лИсА' }))).toBe(
      'db/player_exists',
    )
    expect(await errorCode(() => db.players.updatePlayer(999, { club: 'x' }))).toBe('db/not_found')
    expect(db.players.findPlayerByNickname('ЛИСА')?.id).toBe(fox.id)
  })

  it('searches by nickname case-insensitively, Cyrillic included', () => {
    for (const nickname of ['лиса', 'Лисёнок', 'Алиса', 'Волк', 'fox', 'FoxTrot', 'Ёлка'])
      db.players.addPlayer({ nickname })
    expect(db.players.listPlayers('Лис').map((p) => p.nickname)).toEqual(['лиса', 'Лисёнок', 'Алиса'])
    expect(db.players.listPlayers('ЛИСЕ').map((p) => p.nickname)).toEqual(['Лисёнок'])
    expect(db.players.listPlayers('елк').map((p) => p.nickname)).toEqual(['Ёлка'])
    expect(db.players.listPlayers('FOX').map((p) => p.nickname)).toEqual(['fox', 'FoxTrot'])
    expect(db.players.listPlayers('%')).toEqual([])
    expect(db.players.listPlayers()).toHaveLength(7)
  })

  it('merges: every result and seating of the dropped player moves onto the kept one', () => {
    const keep = db.players.addPlayer({ nickname: 'Сова' })
    const drop = db.players.addPlayer({ nickname: 'Сова2', fullName: 'Ольга Соколова', city: 'Тверь' })
    const others = Array.from({ length: 9 }, (_, i) => db.players.addPlayer({ nickname: `Игрок ${i}` }).id)
    const seatingA = [drop.id, ...others]
    const seatingB = [...others.slice(0, 4), keep.id, ...others.slice(4, 9)]
    const a = db.games.createGame({ setup: setupFor(seatingA) })
    const b = db.games.createGame({ setup: setupFor(seatingB) })
    db.games.appendEntry(a.id, entry(1), { status: 'finished', winner: 'red', results: results(seatingA) })
    db.games.appendEntry(b.id, entry(1), { status: 'finished', winner: 'red', results: results(seatingB) })

    const merged = db.players.mergePlayers(keep.id, drop.id)
    expect(merged).toMatchObject({ id: keep.id, nickname: 'Сова', fullName: 'Ольга Соколова', city: 'Тверь' })
    expect(db.players.getPlayer(drop.id)).toBeNull()
    const setupA = db.games.getGame(a.id)?.setup as { players: Array<{ playerId: number }> }
    expect(setupA.players[0].playerId).toBe(keep.id)
    expect(db.games.getResults(a.id)[0].playerId).toBe(keep.id)
    expect(db.games.getResults(b.id)[4].playerId).toBe(keep.id)
    const refs = db.connection
      .prepare(
        'SELECT (SELECT count(*) FROM game_results WHERE player_id = ?) + (SELECT count(*) FROM game_seats WHERE player_id = ?) AS n',
      )
      .get(drop.id, drop.id) as { n: number }
    expect(refs.n).toBe(0)
    // The log itself is never rewritten.
    expect(db.games.loadGame(a.id)?.log).toEqual([entry(1)])
  })

  it('merge refuses unknown players and self-merge, changing nothing', async () => {
    const p = db.players.addPlayer({ nickname: 'Барсук' })
    expect(await errorCode(() => db.players.mergePlayers(p.id, p.id))).toBe('db/invalid_input')
    expect(await errorCode(() => db.players.mergePlayers(p.id, 9999))).toBe('db/not_found')
    expect(db.players.listPlayers()).toHaveLength(1)
  })

  it('merges a player of tournaments: registrations, stage lists, round seatings and seating options follow', () => {
    const keep = db.players.addPlayer({ nickname: 'Сова' })
    const drop = db.players.addPlayer({ nickname: 'Сова (дубль)', club: 'Ночь' })
    const others = Array.from({ length: 12 }, (_, i) => db.players.addPlayer({ nickname: `Игрок ${i}` }).id)
    // Both registered in one tournament (the duplicate withdrawn), the duplicate alone in another.
    const both = db.tournaments.createTournament({ name: 'Кубок' })
    db.registrations.registerPlayers(both.id, [drop.id, keep.id, ...others.slice(0, 9)])
    db.registrations.withdrawPlayer(both.id, drop.id)
    const alone = db.tournaments.createTournament({ name: 'Лига' })
    db.registrations.registerPlayers(alone.id, [drop.id, ...others.slice(0, 9)])
    const stage = db.tournaments.addStage(alone.id, { kind: 'qualifying', games: 1 })
    const table = db.tournaments.addTable(alone.id)
    const round = db.tournaments.addRound(stage.id)
    db.seatings.saveRoundSeating(round.id, [
      { tableId: table.id, seats: [...others.slice(0, 4), drop.id, ...others.slice(4, 9)] },
    ])
    db.registrations.setStagePlayers(stage.id, [drop.id, ...others.slice(0, 9)])
    db.tournaments.setStageSeating(stage.id, 7, {
      avoidPairs: [
        [drop.id, others[0]],
        [keep.id, drop.id],
      ],
      fixedTable: { [String(drop.id)]: 1 },
      cutLot: { tied: [drop.id, others[1]], through: [drop.id] },
    })
    const registeredAt = db.registrations
      .listRegistrations(both.id)
      .find((r) => r.player.id === drop.id)!.registeredAt

    db.players.mergePlayers(keep.id, drop.id)

    const regs = db.registrations.listRegistrations(both.id).filter((r) => r.player.id === keep.id)
    expect(regs).toHaveLength(1)
    // Active, since the kept player was; the earlier of the two dates.
    expect(regs[0].withdrawnAt).toBeNull()
    expect(regs[0].registeredAt).toBeLessThanOrEqual(registeredAt)
    expect(db.registrations.activePlayerIds(alone.id)).toContain(keep.id)
    expect(db.seatings.roundSeating(round.id).tables[0].seats[4]).toBe(keep.id)
    expect(db.registrations.stagePlayerIds(stage.id)).toContain(keep.id)
    expect(db.tournaments.getStage(stage.id)?.options).toEqual({
      avoidPairs: [[keep.id, others[0]]],
      fixedTable: { [String(keep.id)]: 1 },
      cutLot: { tied: [keep.id, others[1]], through: [keep.id] },
    })
    expect(db.players.getPlayer(keep.id)?.club).toBe('Ночь')
    const refs = db.connection
      .prepare(
        `SELECT (SELECT count(*) FROM tournament_players WHERE player_id = ?) + (SELECT count(*) FROM stage_players
         WHERE player_id = ?) + (SELECT count(*) FROM round_seats WHERE player_id = ?) AS n`,
      )
      .get(drop.id, drop.id, drop.id) as { n: number }
    expect(refs.n).toBe(0)
  })

  it('refuses to merge two people who sat in one game or one round, changing nothing', async () => {
    const ids = Array.from({ length: 10 }, (_, i) => db.players.addPlayer({ nickname: `Игрок ${i}` }).id)
    db.games.createGame({ setup: setupFor(ids) })
    expect(await errorCode(() => db.players.mergePlayers(ids[0], ids[1]))).toBe('db/merge_conflict')

    const extra = Array.from({ length: 2 }, (_, i) => db.players.addPlayer({ nickname: `Ещё ${i}` }).id)
    const t = db.tournaments.createTournament({ name: 'Тур' })
    db.registrations.registerPlayers(t.id, [...extra, ...ids.slice(0, 8)])
    const stage = db.tournaments.addStage(t.id, { kind: 'qualifying', games: 1 })
    const table = db.tournaments.addTable(t.id)
    const round = db.tournaments.addRound(stage.id)
    db.seatings.saveRoundSeating(round.id, [{ tableId: table.id, seats: [...extra, ...ids.slice(0, 8)] }])
    const before = db.players.listPlayers()
    const err = await errorCode(() => db.players.mergePlayers(extra[0], extra[1]))
    expect(err).toBe('db/merge_conflict')
    expect(db.players.listPlayers()).toEqual(before)
    expect(db.seatings.roundSeating(round.id).tables[0].seats.slice(0, 2)).toEqual(extra)
    expect(db.registrations.activePlayerIds(t.id)).toEqual(expect.arrayContaining(extra))
  })

  it('deletes only players without games', async () => {
    const used = db.players.addPlayer({ nickname: 'Ворон' })
    const unused = db.players.addPlayer({ nickname: 'Заяц' })
    const registered = db.players.addPlayer({ nickname: 'Филин' })
    db.games.createGame({ setup: setupFor([used.id, null, null, null, null, null, null, null, null, null]) })
    db.registrations.registerPlayers(db.tournaments.createTournament({ name: 'Кубок' }).id, [registered.id])
    expect(await errorCode(() => db.players.deletePlayer(used.id))).toBe('db/player_in_use')
    expect(await errorCode(() => db.players.deletePlayer(registered.id))).toBe('db/player_in_use')
    db.players.deletePlayer(unused.id)
    expect(db.players.listPlayers().map((p) => p.nickname)).toEqual(['Ворон', 'Филин'])
  })
})

describe('CSV import', () => {
  it('imports a good comma-separated file with quotes and skips nicknames already present', () => {
    db.players.addPlayer({ nickname: 'Волк' })
    const csv = [
      'nickname,full name,club,city',
      'Лиса,Алиса Петрова,"Клуб ""Столица""",Москва',
      'волк,Иван Волков,,Тверь',
      '"Сова, старшая","Ольга\nСоколова",Ночь,Казань',
      '',
      'Ёж,,,',
    ].join('\r\n')
    const report = db.players.importPlayersCsv(csv)
    expect(report).toEqual({ added: 3, skipped: 1, errors: [] })
    expect(db.players.findPlayerByNickname('Лиса')).toMatchObject({
      fullName: 'Алиса Петрова',
      club: 'Клуб "Столица"',
      city: 'Москва',
    })
    expect(db.players.findPlayerByNickname('Сова, старшая')).toMatchObject({
      fullName: 'Ольга\nСоколова',
      city: 'Казань',
    })
    expect(db.players.findPlayerByNickname('Волк')?.fullName).toBe('')
  })

  it('reads UTF-8 with BOM, ";" separators and Russian headers in any order', () => {
    const csv = '\uFEFFГород;Ник;Клуб;ФИО\nМосква;Рысь;Столица;Мария Рысева\nКазань;Филин;;Пётр Филинов\n'
    expect(db.players.importPlayersCsv(csv)).toEqual({ added: 2, skipped: 0, errors: [] })
    expect(db.players.findPlayerByNickname('Рысь')).toMatchObject({
      city: 'Москва',
      club: 'Столица',
      fullName: 'Мария Рысева',
    })
    expect(db.players.findPlayerByNickname('Филин')?.fullName).toBe('Пётр Филинов')
  })

  it('reports every bad line and imports nothing', () => {
    const csv = [
      'nickname;full name;club;city',
      'Лиса;Алиса;;',
      ';Без ника;;',
      'Волк;Иван;;;лишнее',
      'ЛИСА;дубль;;',
      'Сова;Ольга;;',
    ].join('\n')
    const report = db.players.importPlayersCsv(csv)
    expect(report.added).toBe(0)
    expect(report.errors.map((e) => e.line)).toEqual([3, 4, 5])
    expect(report.errors[0].message.ru).toContain('Строка 3')
    expect(report.errors[0].message.en).toContain('Line 3')
    expect(report.errors[2].message.en).toContain('line 2')
    expect(db.players.listPlayers()).toEqual([])
  })

  it('refuses a file without a nickname column or with an unclosed quote', () => {
    expect(db.players.importPlayersCsv('name,club\nИван,Столица').errors[0].line).toBe(1)
    const report = db.players.importPlayersCsv('nickname,city\nЛиса,Москва\n"Волк,Тверь\n')
    expect(report.added).toBe(0)
    expect(report.errors.map((e) => e.line)).toEqual([3])
    expect(db.players.listPlayers()).toEqual([])
  })
})

describe('photos', () => {
  it('copies a real PNG into <dataDir>/photos and stores the relative path', () => {
    const p = db.players.addPlayer({ nickname: 'Лиса' })
    const src = path.join(dir, 'fox.png')
    fs.writeFileSync(src, tinyPng())
    const stored = db.players.setPhoto(p.id, src)
    expect(stored).toMatch(/^photos\/player-\d+-[0-9a-f]{12}\.png$/)
    expect(db.players.getPlayer(p.id)?.photo).toBe(stored)
    expect(fs.readFileSync(db.resolvePath(stored))).toEqual(tinyPng())
    // JPEG and WebP are recognised by their magic bytes, whatever the name; the previous file is removed.
    const jpeg = path.join(dir, 'photo.bin')
    fs.writeFileSync(jpeg, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]))
    const second = db.players.setPhoto(p.id, jpeg)
    expect(second).toMatch(/\.jpg$/)
    expect(fs.existsSync(db.resolvePath(stored))).toBe(false)
    const webp = path.join(dir, 'w.webp')
    fs.writeFileSync(
      webp,
      Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(32)]),
    )
    expect(db.players.setPhoto(p.id, webp)).toMatch(/\.webp$/)
    db.players.clearPhoto(p.id)
    expect(db.players.getPlayer(p.id)?.photo).toBeNull()
    expect(fs.readdirSync(path.join(db.dataDir, 'photos'))).toEqual([])
  })

  it('refuses a text file renamed .png, a too-large file and a missing file', async () => {
    const p = db.players.addPlayer({ nickname: 'Волк' })
    const fake = path.join(dir, 'fake.png')
    fs.writeFileSync(fake, 'definitely not an image\n')
    expect(await errorCode(() => db.players.setPhoto(p.id, fake))).toBe('db/photo_bad_type')
    const big = path.join(dir, 'big.png')
    fs.writeFileSync(big, Buffer.concat([tinyPng(), Buffer.alloc(MAX_PHOTO_BYTES)]))
    expect(await errorCode(() => db.players.setPhoto(p.id, big))).toBe('db/photo_too_large')
    expect(await errorCode(() => db.players.setPhoto(p.id, path.join(dir, 'missing.png')))).toBe(
      'db/photo_not_found',
    )
    expect(await errorCode(() => db.players.setPhoto(4242, fake))).toBe('db/not_found')
    expect(db.players.getPlayer(p.id)?.photo).toBeNull()
    expect(fs.existsSync(path.join(db.dataDir, 'photos'))).toBe(false)
  })
})
