/**
 * The preload: exposes `window.api` through contextBridge with one method per contract call (nothing generic:
 * no raw ipcRenderer, no free channel names) and a push subscription. Runs sandboxed with context isolation.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { CALL_NAMES, IPC_PUSH, ipcCallChannel } from '../shared/contract-names'

type Invoke = (params: unknown) => Promise<unknown>
const api: Record<string, Invoke | ((listener: (channel: string, payload: unknown) => void) => () => void)> =
  {}

for (const name of CALL_NAMES) {
  const channel = ipcCallChannel(name)
  api[name] = (params: unknown) => ipcRenderer.invoke(channel, params)
}

api.onPush = (listener: (channel: string, payload: unknown) => void) => {
  const wrapped = (_event: IpcRendererEvent, channel: string, payload: unknown): void =>
    listener(channel, payload)
  ipcRenderer.on(IPC_PUSH, wrapped)
  return () => {
    ipcRenderer.removeListener(IPC_PUSH, wrapped)
  }
}

contextBridge.exposeInMainWorld('api', Object.freeze(api))
