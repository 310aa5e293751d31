/**
 * The pair many specs start with: the real headless server for the spec's file and a control client on its
 * contract (the "other window"). Registers its own beforeAll / afterAll; `hall.server` and `hall.control` are
 * there from beforeAll on.
 */
import { test } from '@playwright/test'
import { startServer, type TestServer } from './server'
import { connectControl, type ControlClient } from '../overlay/control-client'

export interface Hall {
  server: TestServer
  control: ControlClient
}

export function useServerAndControl(): Hall {
  const hall: Partial<Hall> = {}
  test.beforeAll(async () => {
    hall.server = await startServer()
    hall.control = await connectControl(hall.server.origin, hall.server.token)
  })
  test.afterAll(async () => {
    hall.control?.close()
    await hall.server?.stop()
  })
  // Read only inside tests and hooks registered after this call, when beforeAll has filled it.
  return hall as Hall
}
