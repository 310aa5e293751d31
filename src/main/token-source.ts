/**
 * Where the headless server's control token comes from, in order: `--token` (visible in the process list, kept
 * for scripts), the MAFIA_DESK_TOKEN environment variable, `--token-file PATH` (the first line of the file);
 * none → a fresh random token for this session.
 */
import { readFileSync } from 'node:fs'
import { AppError, appError } from '../shared/errors'

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
