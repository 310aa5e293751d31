// A reload never takes an unsaved edit away (the office reloads on every game result; a first load can end
// after the user started typing); another thing, a pick or a save replaces the draft.
import { describe, expect, it } from 'vitest'
import { useDraft } from '../../../src/renderer/src/admin/logic/draft'

describe('a form draft', () => {
  it('takes the server value while untouched, keeps an edit of the same thing, yields to another thing', () => {
    const d = useDraft({ name: '' }, null)
    expect(d.offer(1, { name: 'Кубок' })).toBe(true)
    expect(d.draft.value.name).toBe('Кубок')
    d.draft.value.name = 'Кубок города'
    expect(d.edited()).toBe(true)
    // A reload of the same tournament: the edit stays.
    expect(d.offer(1, { name: 'Кубок' })).toBe(false)
    expect(d.draft.value.name).toBe('Кубок города')
    // Another tournament picked: its values replace the edit.
    expect(d.offer(2, { name: 'Лига' })).toBe(true)
    expect(d.draft.value.name).toBe('Лига')
    expect(d.edited()).toBe(false)
  })

  it('a forced offer replaces an edit; the saved value coming back becomes the new base', () => {
    const d = useDraft({ name: '' }, null)
    d.draft.value.name = 'набрано до загрузки'
    expect(d.offer(null, { name: '' })).toBe(false)
    expect(d.draft.value.name).toBe('набрано до загрузки')
    // The save returns what was typed: the draft is no longer "edited", so the next reload shows the server's.
    expect(d.offer(null, { name: 'набрано до загрузки' })).toBe(true)
    expect(d.edited()).toBe(false)
    expect(d.offer(null, { name: 'изменено в другом окне' })).toBe(true)
    d.draft.value.name = 'правка'
    expect(d.offer(null, { name: 'сервер' }, { force: true })).toBe(true)
    expect(d.draft.value.name).toBe('сервер')
  })

  it('the draft is a copy: editing it never changes the value it was filled from', () => {
    const server = { judges: ['Анна'] }
    const d = useDraft({ judges: [] as string[] }, null)
    d.offer(1, server)
    d.draft.value.judges.push('Борис')
    expect(server.judges).toEqual(['Анна'])
  })
})
