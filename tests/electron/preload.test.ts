/** The preload exposes one method per contract call (nothing generic) through contextBridge. */
import { describe, expect, it, vi } from 'vitest'
import { CALL_NAMES, IPC_PUSH } from '../../src/shared/contract-names'

const exposed: Record<string, unknown> = {}
const invoke = vi.fn(async (...args: unknown[]) => ({ ok: true, value: args }))
const on = vi.fn()
const removeListener = vi.fn()

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => (exposed[key] = value) },
  ipcRenderer: { invoke, on, removeListener },
}))

describe('preload', () => {
  it('exposes window.api with exactly the contract calls and onPush', async () => {
    await import('../../src/preload/index')
    const api = exposed.api as Record<string, (...a: unknown[]) => unknown>
    expect(Object.isFrozen(api)).toBe(true)
    expect(Object.keys(api).sort()).toEqual([...CALL_NAMES, 'onPush'].sort())
    expect(api).not.toHaveProperty('invoke')
    expect(api).not.toHaveProperty('send')
    await api['game.command']({ gameId: 1, command: { cmd: 'next' } })
    expect(invoke).toHaveBeenCalledWith('contract:game.command', { gameId: 1, command: { cmd: 'next' } })
    const off = api.onPush(() => {}) as () => void
    expect(on).toHaveBeenCalledWith(IPC_PUSH, expect.any(Function))
    off()
    expect(removeListener).toHaveBeenCalled()
  })
})
