/** Small durable-file helpers (fsync of files and folders, so a rename survives a power cut). */
import fs from 'node:fs'

export function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r+')
  try {
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}

/** fsync a folder so that a file created or renamed in it is durable. Best effort on platforms without it. */
export function fsyncDir(dir: string): void {
  let fd: number | null = null
  try {
    fd = fs.openSync(dir, 'r')
    fs.fsyncSync(fd)
  } catch {
    // Windows cannot open or fsync a folder; NTFS journals the rename.
  } finally {
    if (fd !== null) fs.closeSync(fd)
  }
}

export function removeIfExists(file: string): void {
  fs.rmSync(file, { force: true })
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
