/**
 * The game protocol (docs/rules.md §14) in three formats: PDF (pdfkit, DejaVu embedded, deterministic), printable
 * HTML and versioned JSON. Unfinished games are refused unless `allowUnfinished`, then marked "НЕ ЗАВЕРШЕНА".
 */
import { AppError, appError, type AppErrorData, type Result } from '../../shared/errors'
import type { GameRecord } from '../../shared/game/record'
import type { Lang } from './i18n'
import { renderProtocolHtml } from './protocol-html'
import { buildProtocolModel, type ProtocolHeader, type ProtocolModel } from './protocol-model'
import { renderProtocolPdf } from './protocol-pdf'
import { PROTOCOL_FORMAT, PROTOCOL_VERSION, protocolJsonSchema, type ProtocolJson } from './protocol-schema'

export type { ProtocolHeader, ProtocolModel }
export type ProtocolFormat = 'pdf' | 'html' | 'json'

export interface ProtocolOptions {
  format: ProtocolFormat
  /** Default 'ru'. */
  lang?: Lang
  /** Export an unfinished game, marked "НЕ ЗАВЕРШЕНА / NOT FINISHED". */
  allowUnfinished?: boolean
}

export function gameNotFinishedError(): AppErrorData {
  return appError(
    'export/game_not_finished',
    'Игра не завершена: протокол можно выгрузить только с пометкой «НЕ ЗАВЕРШЕНА»',
    'The game is not finished: the protocol can only be exported marked "NOT FINISHED"',
  )
}

/** ok when the game is finished, or when an unfinished export was asked for. */
export function checkExportable(record: GameRecord, allowUnfinished = false): Result<void> {
  if (!record.finished && !allowUnfinished) return { ok: false, error: gameNotFinishedError() }
  return { ok: true, value: undefined }
}

export function protocolToJson(record: GameRecord, header: ProtocolHeader, lang: Lang = 'ru'): ProtocolJson {
  return {
    format: PROTOCOL_FORMAT,
    version: PROTOCOL_VERSION,
    lang,
    finished: record.finished,
    header,
    record,
  }
}

/** Parses and validates a JSON protocol (e.g. one written by another installation). */
export function parseProtocolJson(text: string): Result<ProtocolJson> {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (err) {
    return {
      ok: false,
      error: appError(
        'export/bad_protocol_json',
        'Файл протокола — не JSON',
        'The protocol file is not JSON',
        {
          cause: err instanceof Error ? err.message : String(err),
        },
      ),
    }
  }
  const parsed = protocolJsonSchema.safeParse(raw)
  if (!parsed.success) {
    return {
      ok: false,
      error: appError(
        'export/bad_protocol_json',
        'Файл протокола не соответствует формату mafia-desk/protocol v1',
        'The protocol file does not match the mafia-desk/protocol v1 format',
        { issues: parsed.error.issues.slice(0, 10).map((i) => `${i.path.join('.')}: ${i.message}`) },
      ),
    }
  }
  return { ok: true, value: parsed.data }
}

/** Renders the protocol; throws AppError `export/game_not_finished` for an unfinished game unless allowed. */
export async function renderProtocol(
  record: GameRecord,
  header: ProtocolHeader,
  options: ProtocolOptions,
): Promise<Buffer> {
  const check = checkExportable(record, options.allowUnfinished === true)
  if (!check.ok) throw new AppError(check.error)
  const lang = options.lang ?? 'ru'
  switch (options.format) {
    case 'json':
      return Buffer.from(JSON.stringify(protocolToJson(record, header, lang), null, 2) + '\n', 'utf8')
    case 'html':
      return Buffer.from(renderProtocolHtml(buildProtocolModel(record, header, lang)), 'utf8')
    case 'pdf':
      return renderProtocolPdf(buildProtocolModel(record, header, lang))
    default: {
      const f: never = options.format
      throw new AppError(
        appError('export/bad_format', `Неизвестный формат: ${String(f)}`, `Unknown format: ${String(f)}`, {
          format: String(f),
        }),
      )
    }
  }
}
