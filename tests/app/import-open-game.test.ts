/**
 * A game prepared on this machine, open in the panel and on the stream, is played on another machine and its file
 * is imported here: the import replaces the placeholder (same uuid), and the server's copy in memory must follow —
 * the panel and the overlay get the played game, and a judge's command is answered for that game, not refused
 * against a stale copy ("entry 1 is already in the log").
 */
import { describe, expect, it } from 'vitest'
import type { PushName } from '../../src/shared/contract'
import { FULL_GAME, FULL_GAME_ROLES } from '../fixtures/full-game'
import { tournamentCore } from './tournament-core'

const here = tournamentCore('md-import-here-', 'Кубок', 'Гость')
const there = tournamentCore('md-import-there-', 'Кубок', 'Гость')
const fileOf = (f: { base64: string }): string => Buffer.from(f.base64, 'base64').toString('utf8')

/** Prepares a game here, opens it, has it played there and returns the played game's file. */
async function playedElsewhere(): Promise<{ gameId: number; uuid: string; file: string }> {
  const players = Array.from({ length: 10 }, (_, i) => ({ name: `Игрок ${i + 1}`, playerId: null }))
  const env = await here.call('game.create', { rulesetId: 'fiim', players, roles: { ...FULL_GAME_ROLES } })
  await here.call('game.open', { gameId: env.gameId })
  await there.call('data.import', { text: fileOf(await here.call('data.export', { gameId: env.gameId })) })
  const copy = (await there.call('game.list', {})).find((g) => g.uuid === env.game.uuid)!
  for (const command of FULL_GAME) await there.call('game.command', { gameId: copy.id, command })
  return {
    gameId: env.gameId,
    uuid: env.game.uuid,
    file: fileOf(await there.call('data.export', { gameId: copy.id })),
  }
}

describe('importing the played game of an open placeholder', () => {
  it('the panel, the overlay and the commands take the played game (the same id)', async () => {
    const { gameId, file } = await playedElsewhere()
    const pushes: Array<{ channel: PushName; payload: unknown }> = []
    const off = here.core().onPush((channel, payload) => pushes.push({ channel, payload }))
    await here.call('data.import', { text: file })
    off()
    const active = await here.call('game.active', {})
    expect(active).toMatchObject({ gameId, game: { status: 'finished', winner: 'red' } })
    expect(
      pushes.some(
        (p) => p.channel === 'game.view' && (p.payload as typeof active)?.game.status === 'finished',
      ),
    ).toBe(true)
    const overlay = await here.call('overlay.view', {})
    expect(overlay.view?.phase).toBe('finished')
    const refused = await here.refusal('game.command', { gameId, command: { cmd: 'start' } })
    expect(refused.code).toBe('engine/game_over')
  })

  it('the active game follows its uuid when the played game gets another id', async () => {
    const { gameId, uuid, file } = await playedElsewhere()
    // A game created after the placeholder: the imported game cannot take the placeholder's id again.
    const players = Array.from({ length: 10 }, (_, i) => ({ name: `Запасной ${i + 1}`, playerId: null }))
    await here.call('game.create', { rulesetId: 'fiim', players, roles: { ...FULL_GAME_ROLES } })
    await here.call('game.open', { gameId })
    await here.call('data.import', { text: file })
    const active = await here.call('game.active', {})
    expect(active?.game.uuid).toBe(uuid)
    expect(active?.gameId).not.toBe(gameId)
    expect(active?.game.status).toBe('finished')
    expect((await here.call('overlay.view', {})).view?.phase).toBe('finished')
  })
})
