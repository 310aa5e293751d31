// #31 §5: a quick action's confirmation (a judge changed, a tournament archived, games prepared) leaves by itself;
// a lasting notice stays, and a newer notice is never taken away by an older one's timer.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { TRANSIENT_MS, useStatusStore } from '../../../src/renderer/src/admin/stores/status'

afterEach(() => vi.useRealTimers())

describe('the status notices', () => {
  it('a transient confirmation leaves after a few seconds, a lasting one stays', () => {
    vi.useFakeTimers()
    setActivePinia(createPinia())
    const status = useStatusStore()
    status.done('screens.judgeSet', { table: 1, n: 2, judge: 'Анна' }, { transient: true })
    expect(status.notice?.key).toBe('screens.judgeSet')
    vi.advanceTimersByTime(TRANSIENT_MS + 1)
    expect(status.notice).toBeNull()
    status.done('office.saved', { name: 'Кубок' })
    vi.advanceTimersByTime(TRANSIENT_MS * 3)
    expect(status.notice?.key).toBe('office.saved')
  })

  it('a newer notice outlives the older one’s timer', () => {
    vi.useFakeTimers()
    setActivePinia(createPinia())
    const status = useStatusStore()
    status.done('screens.archived', { name: 'Кубок' }, { transient: true })
    vi.advanceTimersByTime(TRANSIENT_MS - 100)
    status.done('office.saved', { name: 'Кубок' })
    vi.advanceTimersByTime(TRANSIENT_MS)
    expect(status.notice?.key).toBe('office.saved')
  })
})
