/**
 * Player CSV import parsing: a header row naming the columns (nickname, full name, club, city; English or
 * Russian names, any order), UTF-8 with or without BOM, `;` or `,` separators (detected from the header),
 * RFC 4180 quoting ("" inside quotes, separators and line breaks inside quotes).
 */
import { NICKNAME_MAX } from '../../shared/limits'
import type { LocalizedText } from '../../shared/errors'
import { cleanNickname, foldKey } from './text'
import { CONTROL_CHARS } from './validate'

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number
  fields: string[]
}

export interface CsvParseResult {
  separator: ';' | ','
  records: CsvRecord[]
  error: { line: number; message: LocalizedText } | null
}

export function detectSeparator(text: string): ';' | ',' {
  let semicolons = 0
  let commas = 0
  let quoted = false
  for (const ch of text) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && (ch === '\n' || ch === '\r')) break
    else if (!quoted && ch === ';') semicolons++
    else if (!quoted && ch === ',') commas++
  }
  return semicolons >= commas && semicolons > 0 ? ';' : commas > 0 ? ',' : ';'
}

export function parseCsv(input: string): CsvParseResult {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  const separator = detectSeparator(text)
  const records: CsvRecord[] = []
  let fields: string[] = []
  let field = ''
  let line = 1
  let recordLine = 1
  let quoted = false
  let fieldStarted = false
  let i = 0
  const endRecord = (): void => {
    fields.push(field)
    // A blank line is no record.
    if (!(fields.length === 1 && fields[0].trim() === '')) records.push({ line: recordLine, fields })
    fields = []
    field = ''
    fieldStarted = false
  }
  while (i < text.length) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i += 2
          continue
        }
        quoted = false
        i++
        continue
      }
      if (ch === '\r' && text[i + 1] === '\n') {
        field += '\n'
        line++
        i += 2
        continue
      }
      if (ch === '\n' || ch === '\r') line++
      field += ch
      i++
      continue
    }
    if (ch === '"' && !fieldStarted) {
      quoted = true
      fieldStarted = true
      i++
      continue
    }
    if (ch === separator) {
      fields.push(field)
      field = ''
      fieldStarted = false
      i++
      continue
    }
    if (ch === '\r' || ch === '\n') {
      endRecord()
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1
      line++
      recordLine = line
      continue
    }
    field += ch
    fieldStarted = true
    i++
  }
  if (quoted) {
    return {
      separator,
      records,
      error: {
        line: recordLine,
        message: {
          ru: `Строка ${recordLine}: кавычка не закрыта до конца файла.`,
          en: `Line ${recordLine}: a quote is not closed before the end of the file.`,
        },
      },
    }
  }
  if (field !== '' || fields.length > 0) endRecord()
  return { separator, records, error: null }
}

export type PlayerColumn = 'nickname' | 'fullName' | 'club' | 'city'

const HEADER_NAMES: Record<PlayerColumn, string[]> = {
  nickname: ['nickname', 'nick', 'ник', 'никнейм', 'псевдоним', 'игровое имя'],
  fullName: ['full name', 'fullname', 'full_name', 'name', 'фио', 'имя', 'полное имя', 'имя фамилия'],
  club: ['club', 'клуб'],
  city: ['city', 'город'],
}

export interface CsvPlayerRow {
  line: number
  nickname: string
  fullName: string
  club: string
  city: string
}

export interface CsvPlayersParse {
  rows: CsvPlayerRow[]
  errors: Array<{ line: number; message: LocalizedText }>
}

/** Parses and checks every line; the caller writes nothing when `errors` is not empty. */
export function parsePlayersCsv(text: string): CsvPlayersParse {
  const parsed = parseCsv(text)
  const errors: Array<{ line: number; message: LocalizedText }> = []
  if (parsed.error) errors.push(parsed.error)
  const [header, ...body] = parsed.records
  if (!header) {
    errors.push({
      line: 1,
      message: {
        ru: 'Файл пуст: нужна строка заголовка (nickname; full name; club; city).',
        en: 'The file is empty: a header row is needed (nickname; full name; club; city).',
      },
    })
    return { rows: [], errors }
  }
  const columns = new Map<PlayerColumn, number>()
  header.fields.forEach((raw, index) => {
    const name = foldKey(raw).replace(/[_-]/g, ' ')
    for (const [column, names] of Object.entries(HEADER_NAMES) as Array<[PlayerColumn, string[]]>) {
      if (names.includes(name) || names.includes(name.replace(/ /g, ''))) {
        if (!columns.has(column)) columns.set(column, index)
      }
    }
  })
  const nicknameIndex = columns.get('nickname')
  if (nicknameIndex === undefined) {
    errors.push({
      line: header.line,
      message: {
        ru: `Строка ${header.line}: в заголовке нет столбца «nickname» (ник). Ожидаются столбцы: nickname, full name, club, city.`,
        en: `Line ${header.line}: the header has no "nickname" column. Expected columns: nickname, full name, club, city.`,
      },
    })
    return { rows: [], errors }
  }
  const rows: CsvPlayerRow[] = []
  const seen = new Map<string, number>()
  for (const record of body) {
    const { line, fields } = record
    if (fields.length > header.fields.length) {
      errors.push({
        line,
        message: {
          ru: `Строка ${line}: ${fields.length} полей, а в заголовке ${header.fields.length}. Проверьте разделитель «${parsed.separator}» и кавычки.`,
          en: `Line ${line}: ${fields.length} fields but the header has ${header.fields.length}. Check the "${parsed.separator}" separator and the quotes.`,
        },
      })
      continue
    }
    const get = (column: PlayerColumn): string => {
      const index = columns.get(column)
      return index === undefined ? '' : (fields[index] ?? '').trim()
    }
    if (fields.some((f) => CONTROL_CHARS.test(f))) {
      errors.push({
        line,
        message: {
          ru: `Строка ${line}: управляющие символы (например, NUL) в данных.`,
          en: `Line ${line}: control characters (such as NUL) in the data.`,
        },
      })
      continue
    }
    const nickname = cleanNickname(get('nickname'))
    if (nickname === '') {
      errors.push({
        line,
        message: { ru: `Строка ${line}: пустой ник.`, en: `Line ${line}: the nickname is empty.` },
      })
      continue
    }
    if (nickname.length > NICKNAME_MAX) {
      errors.push({
        line,
        message: {
          ru: `Строка ${line}: ник длиннее ${NICKNAME_MAX} символов.`,
          en: `Line ${line}: the nickname is longer than ${NICKNAME_MAX} characters.`,
        },
      })
      continue
    }
    const key = foldKey(nickname)
    const first = seen.get(key)
    if (first !== undefined) {
      errors.push({
        line,
        message: {
          ru: `Строка ${line}: ник «${nickname}» уже встречался в строке ${first}.`,
          en: `Line ${line}: the nickname "${nickname}" already appears on line ${first}.`,
        },
      })
      continue
    }
    seen.set(key, line)
    rows.push({ line, nickname, fullName: get('fullName'), club: get('club'), city: get('city') })
  }
  return { rows, errors }
}
