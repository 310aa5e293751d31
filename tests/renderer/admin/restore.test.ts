import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import BackupsPanel from '../../../src/renderer/src/admin/components/BackupsPanel.vue'
import { fakeTransport, mountSection, refusal } from './fixtures'

const BACKUPS = [
  {
    file: '/data/backups/mafia-desk-20261101-100000-000-round.sqlite',
    createdAt: '2026-11-01T10:00:00.000Z',
    size: 2048,
  },
  {
    file: '/data/backups/mafia-desk-20261102-120000-000-manual.sqlite',
    createdAt: '2026-11-02T12:00:00.000Z',
    size: 3 * 1024 * 1024,
  },
]

let mounted: VueWrapper | null = null
afterEach(() => {
  mounted?.unmount()
  mounted = null
})

function setup(restore: (params: unknown) => unknown) {
  const fake = fakeTransport({ 'backup.list': () => BACKUPS, 'backup.restore': restore })
  const m = mountSection(BackupsPanel, fake.transport)
  mounted = m.wrapper
  return { ...m, ...fake }
}

const restores = (calls: Array<{ name: string; params: unknown }>) =>
  calls.filter((c) => c.name === 'backup.restore').map((c) => c.params)

describe('Backups: restore', () => {
  it('lists the newest first with its size', async () => {
    const { wrapper } = setup(() => null)
    await flushPromises()
    const rows = wrapper.findAll('[data-testid="backup-row"]')
    expect(rows.map((r) => r.attributes('data-file'))).toEqual([
      'mafia-desk-20261102-120000-000-manual.sqlite',
      'mafia-desk-20261101-100000-000-round.sqlite',
    ])
    expect(rows[0].text()).toContain('3 МБ')
    expect(rows[1].text()).toContain('2 КБ')
  })

  it('asks, is refused with db/game_in_progress, asks again explicitly, then restores with force', async () => {
    const { wrapper, calls } = setup((params) => {
      if (!(params as { force?: boolean }).force)
        throw refusal('db/game_in_progress', 'Идёт игра №3.', 'Game 3 is in progress.')
      return { restored: (params as { file: string }).file }
    })
    await flushPromises()
    await wrapper.findAll('[data-testid="restore-backup"]')[0].trigger('click')
    await flushPromises()
    // First question: nothing sent yet.
    expect(wrapper.get('[data-testid="confirm-text"]').text()).toContain(
      'Восстановить базу из копии «mafia-desk-20261102-120000-000-manual.sqlite»',
    )
    expect(restores(calls)).toEqual([])
    await wrapper.get('[data-testid="confirm-yes"]').trigger('click')
    await flushPromises()
    // Refused: the page asks again, explicitly about the running game.
    expect(restores(calls)).toEqual([{ file: BACKUPS[1].file }])
    expect(wrapper.get('[data-testid="confirm-text"]').text()).toContain('Сейчас идёт игра')
    expect(wrapper.get('[data-testid="confirm-yes"]').text()).toBe('Всё равно восстановить')
    expect(wrapper.find('[data-testid="error-area"]').exists()).toBe(false)
    await wrapper.get('[data-testid="confirm-yes"]').trigger('click')
    await flushPromises()
    expect(restores(calls)).toEqual([{ file: BACKUPS[1].file }, { file: BACKUPS[1].file, force: true }])
    expect(wrapper.find('[data-testid="confirm-dialog"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="notice"]').text()).toBe(
      'База восстановлена из копии «mafia-desk-20261102-120000-000-manual.sqlite».',
    )
  })

  it('declining the second question sends no forced restore and shows no error', async () => {
    const { wrapper, calls } = setup(() => {
      throw refusal('db/game_in_progress', 'Идёт игра.', 'A game is running.')
    })
    await flushPromises()
    await wrapper.findAll('[data-testid="restore-backup"]')[1].trigger('click')
    await flushPromises()
    await wrapper.get('[data-testid="confirm-yes"]').trigger('click')
    await flushPromises()
    await wrapper.get('[data-testid="confirm-no"]').trigger('click')
    await flushPromises()
    expect(restores(calls)).toEqual([{ file: BACKUPS[0].file }])
    expect(wrapper.find('[data-testid="confirm-dialog"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="error-area"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="notice"]').text()).toBe('')
  })

  it('cancelling the first question sends nothing; Escape cancels too', async () => {
    const { wrapper, calls } = setup(() => ({ restored: 'x' }))
    await flushPromises()
    await wrapper.findAll('[data-testid="restore-backup"]')[0].trigger('click')
    await flushPromises()
    await wrapper.get('[data-testid="confirm-dialog"]').trigger('keydown', { key: 'Escape' })
    await flushPromises()
    expect(wrapper.find('[data-testid="confirm-dialog"]').exists()).toBe(false)
    expect(restores(calls)).toEqual([])
  })

  it('another refusal goes to the error area in the user language', async () => {
    const { wrapper } = setup(() => {
      throw refusal('db/backup_invalid', 'Копия повреждена.', 'The backup is damaged.')
    })
    await flushPromises()
    await wrapper.findAll('[data-testid="restore-backup"]')[0].trigger('click')
    await flushPromises()
    await wrapper.get('[data-testid="confirm-yes"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="confirm-dialog"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="error-text"]').text()).toBe('Копия повреждена.')
  })
})
