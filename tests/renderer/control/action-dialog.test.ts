// The removal dialog sends a reason code from the list (docs/rules.md §11.5); the details typed for "other" become a comment.
import { describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import ActionDialog from '../../../src/renderer/src/control/components/ActionDialog.vue'
import { useGameStore } from '../../../src/renderer/src/control/stores/game'
import { useUiStore } from '../../../src/renderer/src/control/stores/ui'
import { makeView, testI18n, testingPinia } from './fixtures'

/** The dialog open for a removal of `seat`; the server accepts every command. */
async function openRemoval(seat: number) {
  const pinia = testingPinia(makeView({}))
  const game = useGameStore(pinia)
  ;(game.command as unknown as { mockResolvedValue: (v: boolean) => void }).mockResolvedValue(true)
  const w = mount(ActionDialog, { global: { plugins: [pinia, testI18n()] }, attachTo: document.body })
  useUiStore(pinia).dialog = { kind: 'remove', seat }
  await flushPromises()
  return { w, game }
}

describe('ActionDialog: removal', () => {
  it('sends the reason code, then the details as a comment', async () => {
    const { w, game } = await openRemoval(7)
    await w.get('[data-testid="remove-reason"]').setValue('other')
    await w.get('input[type="text"]').setValue('  threw a card  ')
    await w.get('form').trigger('submit')
    await flushPromises()
    expect(game.command).toHaveBeenNthCalledWith(1, { cmd: 'remove', seat: 7, reason: 'other' })
    expect(game.command).toHaveBeenNthCalledWith(2, { cmd: 'comment', text: '№7: threw a card' })
    w.unmount()
  })

  it('a listed reason is sent alone', async () => {
    const { w, game } = await openRemoval(2)
    await w.get('[data-testid="remove-reason"]').setValue('betting')
    await w.get('form').trigger('submit')
    await flushPromises()
    expect(game.command).toHaveBeenCalledTimes(1)
    expect(game.command).toHaveBeenCalledWith({ cmd: 'remove', seat: 2, reason: 'betting' })
    w.unmount()
  })
})
