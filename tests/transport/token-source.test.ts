/** Issue 13, item 9: the control token can come from the environment or a file, not only from argv. */
import { describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { resolveToken, TOKEN_ENV } from '../../src/main/token-source'

describe('control token source', () => {
  const dir = mkdtempSync(join(tmpdir(), 'md-token-'))
  it('takes --token, else MAFIA_DESK_TOKEN, else the first line of --token-file, else none', () => {
    const file = join(dir, 'token')
    writeFileSync(file, 'from-file\nignored\n')
    expect(resolveToken({ token: 'argv', tokenFile: file }, { [TOKEN_ENV]: 'env' })).toBe('argv')
    expect(resolveToken({ tokenFile: file }, { [TOKEN_ENV]: 'env' })).toBe('env')
    expect(resolveToken({ tokenFile: file }, {})).toBe('from-file')
    expect(resolveToken({}, {})).toBeUndefined()
  })
  it('a missing token file is created with a fresh token, the same at the next start (a bookmark keeps working)', () => {
    const file = join(dir, 'keep', 'token')
    const first = resolveToken({ tokenFile: file }, {})
    expect(first).toMatch(/^[\w-]{20,}$/)
    expect(readFileSync(file, 'utf8').trim()).toBe(first)
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0)
    expect(resolveToken({ tokenFile: file }, {})).toBe(first)
  })
  it('an unreadable, uncreatable or empty token file is a typed error', () => {
    writeFileSync(join(dir, 'plain'), 'x')
    expect(() => resolveToken({ tokenFile: join(dir, 'plain', 'token') }, {})).toThrow(/token file/)
    expect(() => resolveToken({ tokenFile: dir }, {})).toThrow(/token file/)
    writeFileSync(join(dir, 'empty'), '\n')
    expect(() => resolveToken({ tokenFile: join(dir, 'empty') }, {})).toThrow(/empty/)
  })
})
