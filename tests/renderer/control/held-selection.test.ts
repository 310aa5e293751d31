import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { useUiStore } from '../../../src/renderer/src/control/stores/ui'

describe('the selection a command took', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('is gone for the keys at once but stays shown until released', () => {
    const ui = useUiStore()
    ui.setSelection([3, 8])
    ui.consumeSelection()
    expect(ui.selection).toEqual([])
    expect(ui.shown).toEqual([3, 8])
    ui.release()
    expect(ui.shown).toEqual([])
  })

  it('gives way to seats picked while the command travels', () => {
    const ui = useUiStore()
    ui.setSelection([5])
    ui.consumeSelection()
    ui.setSelection([2])
    expect(ui.shown).toEqual([2])
    ui.release()
    expect(ui.shown).toEqual([2])
  })

  it('is dropped by Esc and by a new game moment', () => {
    const ui = useUiStore()
    ui.setSelection([1])
    ui.consumeSelection()
    ui.clearSelection()
    expect(ui.shown).toEqual([])
    ui.setSelection([4])
    ui.markSent()
    ui.consumeSelection()
    ui.onContextChange()
    expect(ui.shown).toEqual([])
  })
})
