/** Where a CLI command writes: the process's streams, unless a caller (a test) passes its own. */
export interface CliIo {
  out: (text: string) => void
  err: (text: string) => void
}

export const PROCESS_IO: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
}
