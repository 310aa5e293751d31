/**
 * Validation issues (zod) in the judge's language: the one place where a refused payload becomes words. Each issue
 * names its field (the path, e.g. `command.seat`) and what is allowed there (a range, a list of values, a type), in
 * Russian and English. The router ('contract/invalid_params'), the engine ('engine/bad_command',
 * 'engine/unknown_command') and the other places that parse input with zod all take their text from here.
 */
import type { core } from 'zod'
import type { LocalizedText } from './errors'

type Issue = core.$ZodIssue

export interface ValidationText extends LocalizedText {
  /** One line per issue, `field: what is allowed`, in each language (`fieldRu`: the field as the Russian line names it). */
  issues: Array<{ field: string; fieldRu?: string; ru: string; en: string }>
}

/**
 * Lists indexed by seat: an index into one of them is a seat (index + 1), and a message names the seat, never the
 * 0-based index a program sees («players[3]» was seat 4).
 */
const SEAT_LISTS: ReadonlySet<string> = new Set(['players', 'seats'])

/**
 * A path as a field name: `command.seat`, `voters[1]`, `shots.11`; the whole value when empty. An index into the
 * ten players is their seat: `players[seat 4].name` / `players[место 4].name`.
 */
export function fieldName(path: readonly PropertyKey[], root?: string, lang: 'ru' | 'en' = 'en'): string {
  let out = root ?? ''
  let prev: PropertyKey | undefined
  for (const p of path) {
    if (typeof p === 'number')
      out +=
        typeof prev === 'string' && SEAT_LISTS.has(prev)
          ? `[${lang === 'ru' ? 'место' : 'seat'} ${p + 1}]`
          : `[${p}]`
    else out += out === '' ? String(p) : `.${String(p)}`
    prev = p
  }
  return out
}

const TYPE: Record<string, LocalizedText> = {
  number: { ru: 'число', en: 'a number' },
  int: { ru: 'целое число', en: 'a whole number' },
  bigint: { ru: 'целое число', en: 'a whole number' },
  string: { ru: 'строка', en: 'text' },
  boolean: { ru: 'да/нет (true/false)', en: 'true or false' },
  object: { ru: 'объект', en: 'an object' },
  record: { ru: 'объект', en: 'an object' },
  array: { ru: 'список', en: 'a list' },
  tuple: { ru: 'список', en: 'a list' },
  null: { ru: 'null', en: 'null' },
  undefined: { ru: 'пустое значение', en: 'no value' },
  date: { ru: 'дата', en: 'a date' },
  nan: { ru: 'NaN', en: 'NaN' },
}
const typeName = (t: string): LocalizedText => TYPE[t] ?? { ru: t, en: t }

const show = (v: unknown): string => (typeof v === 'string' ? `«${v}»` : String(v))
const showEn = (v: unknown): string => (typeof v === 'string' ? `"${v}"` : String(v))
const listRu = (vs: readonly unknown[]): string => vs.map(show).join(', ')
const listEn = (vs: readonly unknown[]): string => vs.map(showEn).join(', ')

function unitRu(origin: string): string {
  if (origin === 'string') return ' символов'
  if (origin === 'array' || origin === 'set') return ' элементов'
  return ''
}
function unitEn(origin: string): string {
  if (origin === 'string') return ' characters'
  if (origin === 'array' || origin === 'set') return ' items'
  return ''
}

/** What is wrong with one issue (without the field), in both languages; nested issues are flattened by `walk`. */
function describe(issue: Issue): LocalizedText {
  switch (issue.code) {
    case 'invalid_type': {
      const t = typeName(issue.expected)
      return { ru: `ожидается ${t.ru}`, en: `expected ${t.en}` }
    }
    case 'too_big': {
      const max = String(issue.maximum)
      const sized = issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set'
      if (sized)
        return issue.exact
          ? { ru: `нужно ровно ${max}${unitRu(issue.origin)}`, en: `exactly ${max}${unitEn(issue.origin)}` }
          : {
              ru: `не больше ${max}${unitRu(issue.origin)}`,
              en: `at most ${max}${unitEn(issue.origin)}`,
            }
      return issue.inclusive === false
        ? { ru: `допустимо меньше ${max}`, en: `must be less than ${max}` }
        : { ru: `допустимо не больше ${max}`, en: `must be at most ${max}` }
    }
    case 'too_small': {
      const min = String(issue.minimum)
      const sized = issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set'
      if (sized) {
        if (issue.exact)
          return {
            ru: `нужно ровно ${min}${unitRu(issue.origin)}`,
            en: `exactly ${min}${unitEn(issue.origin)}`,
          }
        if (issue.origin === 'string' && min === '1')
          return { ru: 'не может быть пустым', en: 'cannot be empty' }
        return {
          ru: `не меньше ${min}${unitRu(issue.origin)}`,
          en: `at least ${min}${unitEn(issue.origin)}`,
        }
      }
      return issue.inclusive === false
        ? { ru: `допустимо больше ${min}`, en: `must be greater than ${min}` }
        : { ru: `допустимо не меньше ${min}`, en: `must be at least ${min}` }
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? {
            ru: `допустимо только ${show(issue.values[0])}`,
            en: `only ${showEn(issue.values[0])} is allowed`,
          }
        : { ru: `допустимо одно из: ${listRu(issue.values)}`, en: `must be one of: ${listEn(issue.values)}` }
    case 'invalid_format':
      // The shared text rule (names, appeals): no control characters — said in words, not as a pattern.
      if (issue.format === 'regex' && String(issue.pattern ?? '').startsWith('/^[^\\u0000-'))
        return {
          ru: 'управляющие символы (например, NUL) недопустимы',
          en: 'control characters (such as NUL) are not allowed',
        }
      return issue.format === 'regex'
        ? {
            ru: `не соответствует образцу ${issue.pattern ?? ''}`.trim(),
            en: `does not match the pattern ${issue.pattern ?? ''}`.trim(),
          }
        : { ru: `неверный формат (${issue.format})`, en: `bad format (${issue.format})` }
    case 'not_multiple_of':
      return { ru: `должно быть кратно ${issue.divisor}`, en: `must be a multiple of ${issue.divisor}` }
    case 'unrecognized_keys':
      return { ru: `лишние поля: ${listRu(issue.keys)}`, en: `unknown fields: ${listEn(issue.keys)}` }
    case 'invalid_union':
      if ('options' in issue && issue.options && issue.options.length > 0)
        return {
          ru: `неизвестное значение; допустимо одно из: ${listRu(issue.options)}`,
          en: `unknown value; must be one of: ${listEn(issue.options)}`,
        }
      return {
        ru: 'не подходит ни под один из допустимых видов',
        en: 'matches none of the allowed forms',
      }
    case 'invalid_key':
      return { ru: 'недопустимый ключ', en: 'not an allowed key' }
    case 'invalid_element':
      return { ru: 'недопустимый элемент', en: 'not an allowed element' }
    case 'custom': {
      // A refinement that gives its words in both languages (params.ru / params.en) is said in them; otherwise its
      // own text (written in English by the schema's author) keeps its words in both languages.
      const p = issue.params
      if (p && typeof p.ru === 'string' && typeof p.en === 'string') return { ru: p.ru, en: p.en }
      return { ru: `неверное значение (${issue.message})`, en: issue.message }
    }
  }
  const other: Issue = issue
  return { ru: `неверное значение (${other.message})`, en: other.message }
}

function walk(
  issues: readonly Issue[],
  base: readonly PropertyKey[],
  root: string | undefined,
  out: ValidationText['issues'],
): void {
  for (const issue of issues) {
    const path = [...base, ...issue.path]
    // A bad record key: say which key and why (its own issues have no path of their own).
    if ((issue.code === 'invalid_key' || issue.code === 'invalid_element') && issue.issues.length > 0) {
      const field = fieldName(path, root)
      const fieldRu = fieldName(path, root, 'ru')
      for (const inner of issue.issues) {
        const d = describe(inner)
        out.push({ field, fieldRu, ru: `недопустимый ключ: ${d.ru}`, en: `not an allowed key: ${d.en}` })
      }
      continue
    }
    // A union whose forms all failed for the same field: the first form's reasons are the useful ones.
    if (
      issue.code === 'invalid_union' &&
      !('options' in issue && issue.options?.length) &&
      issue.errors.length > 0
    ) {
      const first = issue.errors[0]
      if (first.length > 0) {
        walk(first, path, root, out)
        continue
      }
    }
    const d = describe(issue)
    out.push({ field: fieldName(path, root), fieldRu: fieldName(path, root, 'ru'), ru: d.ru, en: d.en })
  }
}

/**
 * The issues as text: `field: what is allowed` joined by «; », at most `limit` of them (the rest counted).
 * `root` prefixes every field (e.g. `command`).
 */
export function validationMessage(
  issues: readonly Issue[],
  options: { root?: string; limit?: number } = {},
): ValidationText {
  const all: ValidationText['issues'] = []
  walk(issues, [], options.root, all)
  const limit = options.limit ?? 5
  const shown = all.slice(0, limit)
  const more = all.length - shown.length
  const line = (lang: 'ru' | 'en'): string => {
    const parts = shown.map((x) => {
      const field = lang === 'ru' ? (x.fieldRu ?? x.field) : x.field
      return `${field === '' ? (lang === 'ru' ? 'значение' : 'value') : field}: ${x[lang]}`
    })
    if (more > 0) parts.push(lang === 'ru' ? `и ещё ${more}` : `and ${more} more`)
    return parts.join('; ')
  }
  return { ru: line('ru'), en: line('en'), issues: all }
}
