/**
 * The contract over Electron IPC, without importing electron: the shell passes in its ipcMain and a function
 * that tells which of our windows sent a message. Every message's sender is checked (only our windows may
 * call; the overlay window may only read) and every payload goes through the same zod-validating router as
 * the WebSocket transport.
 */
import { callNames, ipcChannel, type Access, type CallName } from '../../shared/contract'
import { appError } from '../../shared/errors'
import type { RouteResult, Router } from './router'
import type { ReplyGate } from './reply'

/** The part of Electron's IpcMainInvokeEvent we use. */
export interface IpcEventLike {
  sender: { id: number }
  senderFrame?: { url: string } | null
}
export interface IpcMainLike {
  handle(
    channel: string,
    listener: (event: IpcEventLike, ...args: unknown[]) => Promise<unknown> | unknown,
  ): void
  removeHandler(channel: string): void
}

export type WindowRole = 'control' | 'overlay'

/** Maps an IPC sender to the role of one of our windows, or null for anything else. */
export type SenderResolver = (event: IpcEventLike) => WindowRole | null

export function accessOf(role: WindowRole): Access {
  return role === 'control' ? 'control' : 'read'
}

export function unknownSender(): RouteResult {
  return {
    ok: false,
    error: appError(
      'contract/unknown_sender',
      'Сообщение пришло не из окна приложения и отклонено',
      'The message did not come from an application window and was refused',
    ),
  }
}

/**
 * Handles one IPC call: exported for tests. With a reply gate, a push that the call's reply carries skips the
 * calling window (the shell asks `replies.skips(role, channel)`): one message per command, as over WebSocket.
 */
export async function handleIpcCall(
  router: Router,
  resolveSender: SenderResolver,
  name: CallName,
  event: IpcEventLike,
  params: unknown,
  replies?: ReplyGate<WindowRole>,
): Promise<RouteResult> {
  const role = resolveSender(event)
  if (role === null) return unknownSender()
  const dispatch = (): Promise<RouteResult> => router.dispatch(name, params, accessOf(role))
  return replies ? replies.run(role, name, dispatch) : dispatch()
}

export function registerIpc(
  ipcMain: IpcMainLike,
  router: Router,
  resolveSender: SenderResolver,
  replies?: ReplyGate<WindowRole>,
): () => void {
  for (const name of callNames) {
    ipcMain.handle(ipcChannel(name), (event, params) =>
      handleIpcCall(router, resolveSender, name, event, params, replies),
    )
  }
  return () => {
    for (const name of callNames) ipcMain.removeHandler(ipcChannel(name))
  }
}
