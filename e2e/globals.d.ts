import type { ContractApi } from '../src/shared/contract'

declare global {
  interface Window {
    /** Exposed by the preload inside Electron (src/preload/index.ts). */
    api?: ContractApi
  }
}
export {}
