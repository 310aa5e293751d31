/** Issue 13, item 9: two restores at once run one after the other; both succeed and the database works. */
import { afterAll, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startCore, type Core } from '../../src/main/core'

const dir = mkdtempSync(join(tmpdir(), 'md-restore-'))
let core: Core | null = null
afterAll(async () => {
  await core?.close()
  rmSync(dir, { recursive: true, force: true })
})

it('two restores at once are serialised: both succeed, nothing is left half-done', async () => {
  core = await startCore({
    mode: 'headless',
    dbFile: join(dir, 'db.sqlite'),
    port: 0,
    staticDir: join(dir, 'none'),
    resourcesDir: join(dir, 'none'),
    version: 'test',
  })
  const c = core
  const call = (name: string, params: unknown) => c.router.dispatch(name, params, 'control')
  await call('players.add', { nickname: 'Проба-до' })
  const first = await call('backup.now', {})
  expect(first.ok).toBe(true)
  const file = (first as { ok: true; value: { file: string } }).value.file
  await call('players.add', { nickname: 'Проба-после' })
  const [r1, r2] = await Promise.all([
    call('backup.restore', { file, force: true }),
    call('backup.restore', { file, force: true }),
  ])
  expect(r1).toMatchObject({ ok: true })
  expect(r2).toMatchObject({ ok: true })
  const players = await call('players.list', {})
  expect(players).toMatchObject({ ok: true })
  const names = (players as { ok: true; value: Array<{ nickname: string }> }).value.map((p) => p.nickname)
  expect(names).toContain('Проба-до')
  expect(names).not.toContain('Проба-после')
})
