/**
 * Command-line options of the headless server and the CLI, declared once: the same table gives the parser
 * (node:util parseArgs), the `--help` text and plain-word errors that name the wrong option — «Unknown option
 * --prot (did you mean --port?)» rather than a stack trace or an internal error.
 */
import { parseArgs } from 'node:util'
import type { LocalizedText } from '../shared/errors'

export interface OptionSpec {
  type: 'string' | 'boolean'
  short?: string
  /** The value's placeholder in the help text, e.g. `N` or `FILE`. */
  value?: string
  default?: string
  help: LocalizedText
}

export type OptionTable = Record<string, OptionSpec>

export type Parsed<T extends OptionTable> = {
  [K in keyof T]: T[K]['type'] extends 'boolean'
    ? boolean
    : T[K]['default'] extends string
      ? string
      : string | undefined
}

export type ParseOutcome<T extends OptionTable> =
  { kind: 'ok'; values: Parsed<T>; positionals: string[] } | { kind: 'error'; message: LocalizedText }

/** Levenshtein distance, for the «did you mean» hint (option names are short). */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = cur
    }
  }
  return row[b.length]
}

function suggestion(name: string, table: OptionTable): string | null {
  let best: string | null = null
  let bestD = Infinity
  for (const known of Object.keys(table)) {
    const d = known.startsWith(name) ? 1 : distance(name, known)
    if (d < bestD) {
      best = known
      bestD = d
    }
  }
  // A one- or two-letter typo is too short to guess from, unless it begins a known name.
  const limit = name.length < 3 ? 1 : Math.max(2, Math.floor((best?.length ?? 0) / 3))
  return best !== null && bestD <= limit ? best : null
}

const flag = (name: string): string => (name.length === 1 ? `-${name}` : `--${name}`)

/**
 * Parses `args` against `table`. Every fault is an `error` outcome naming the option in plain words: an unknown
 * option (with the nearest known one), a missing value, a value given to a switch, an unexpected argument when
 * `positionals` is false.
 */
export function parseOptions<T extends OptionTable>(
  args: string[],
  table: T,
  opts: { positionals?: boolean } = {},
): ParseOutcome<T> {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {}
  for (const [name, spec] of Object.entries(table))
    options[name] = spec.short ? { type: spec.type, short: spec.short } : { type: spec.type }
  const { tokens } = parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true })
  const values: Record<string, string | boolean | undefined> = {}
  const positionals: string[] = []
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (t.kind === 'option-terminator') continue
    if (t.kind === 'positional') {
      if (!opts.positionals)
        return {
          kind: 'error',
          message: {
            ru: `Лишний аргумент «${t.value}»: параметры начинаются с --`,
            en: `Unexpected argument "${t.value}": options start with --`,
          },
        }
      positionals.push(t.value)
      continue
    }
    const spec = table[t.name]
    if (!spec) {
      const near = suggestion(t.name, table)
      return {
        kind: 'error',
        message: {
          ru: `Неизвестный параметр ${t.rawName}` + (near ? ` (может быть, --${near}?)` : ''),
          en: `Unknown option ${t.rawName}` + (near ? ` (did you mean --${near}?)` : ''),
        },
      }
    }
    if (spec.type === 'boolean') {
      if (t.inlineValue)
        return {
          kind: 'error',
          message: {
            ru: `Параметр ${flag(t.name)} не принимает значения`,
            en: `The option ${flag(t.name)} takes no value`,
          },
        }
      values[t.name] = true
      continue
    }
    // parseArgs takes the next argument as a string option's value even when it is another option.
    const value = t.value
    if (
      value === undefined ||
      (!t.inlineValue && value.startsWith('-') && value.length > 1 && isNaN(Number(value)))
    )
      return {
        kind: 'error',
        message: {
          ru: `Параметру ${flag(t.name)} нужно значение: ${flag(t.name)} ${spec.value ?? 'VALUE'}`,
          en: `The option ${flag(t.name)} needs a value: ${flag(t.name)} ${spec.value ?? 'VALUE'}`,
        },
      }
    values[t.name] = value
  }
  for (const [name, spec] of Object.entries(table)) {
    if (values[name] !== undefined) continue
    values[name] = spec.type === 'boolean' ? false : spec.default
  }
  return { kind: 'ok', values: values as Parsed<T>, positionals }
}

/** The options part of a `--help` text: each option with its value, its default and what it does. */
export function optionsHelp(table: OptionTable, lang: 'ru' | 'en'): string {
  const rows = Object.entries(table).map(([name, spec]) => {
    const left = `${spec.short ? `-${spec.short}, ` : '    '}--${name}${spec.value ? ` ${spec.value}` : ''}`
    const def =
      spec.default === undefined
        ? ''
        : lang === 'ru'
          ? ` (по умолчанию ${spec.default})`
          : ` (default ${spec.default})`
    return { left, right: spec.help[lang] + def }
  })
  const width = Math.max(...rows.map((r) => r.left.length)) + 2
  return rows.map((r) => `  ${r.left.padEnd(width)}${r.right}`).join('\n')
}
