/**
 * Where the headless server's control token comes from, in order: `--token` (visible in the process list, kept
 * for scripts), the MAFIA_DESK_TOKEN environment variable, `--token-file PATH` (the first line of the file);
 * none → a fresh random token for this session. A `--token-file` that does not exist yet is created (owner-only)
 * with a fresh token, so the panel's link stays the same from one start to the next.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { AppError, appError } from '../shared/errors'
import { generateToken } from './transport/http-server'

export const TOKEN_ENV = 'MAFIA_DESK_TOKEN'

export function resolveToken(
  args: { token?: string; tokenFile?: string },
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  if (args.token) return args.token
  if (env[TOKEN_ENV]) return env[TOKEN_ENV]
  if (args.tokenFile === undefined) return undefined
  let text: string
  try {
    text = readFileSync(args.tokenFile, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return createTokenFile(args.tokenFile)
    throw new AppError(
      appError(
        'app/token_file',
        `Не удалось прочитать файл токена «${args.tokenFile}»: ${String(err)}`,
        `Cannot read the token file "${args.tokenFile}": ${String(err)}`,
      ),
    )
  }
  const token = text.split(/\r?\n/)[0].trim()
  if (!token) {
    throw new AppError(
      appError(
        'app/token_file',
        `Файл токена «${args.tokenFile}» пуст`,
        `The token file "${args.tokenFile}" is empty`,
      ),
    )
  }
  return token
}

/** Writes a fresh token into a new file readable by its owner only; a failure is a typed error naming the file. */
function createTokenFile(file: string): string {
  const token = generateToken()
  try {
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, `${token}\n`, { mode: 0o600, flag: 'wx' })
  } catch (err) {
    throw new AppError(
      appError(
        'app/token_file',
        `Не удалось создать файл токена «${file}»: ${String(err)}`,
        `Cannot create the token file "${file}": ${String(err)}`,
      ),
    )
  }
  return token
}
