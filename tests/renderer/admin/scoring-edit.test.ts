// The scoring-system editor's pure parts (issue 31 §3): numbers typed with a comma, the tie-breaks as an ordered
// list with `total` first, new automatic bonuses, and the refused fields named as the server's schema names them.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { SHIPPED_SCORING_SYSTEMS } from '../../../src/shared/game/ruleset'
import { TIE_BREAK_KEYS, scoringSystemSchema } from '../../../src/shared/game/scoring-system'
import {
  addTieBreak,
  flipTieBreakOrder,
  missingTieBreaks,
  moveTieBreakUp,
  newAutoBonus,
  removeTieBreak,
  survivedChoice,
  systemIssues,
  typedNumber,
  withSurvived,
} from '../../../src/renderer/src/admin/logic/scoring-edit'

const fiim = SHIPPED_SCORING_SYSTEMS.fiim

describe('typed numbers', () => {
  it('a comma and a dot mean the same; a minus sign too; text that is no number is NaN', () => {
    expect(typedNumber('0,3')).toBe(0.3)
    expect(typedNumber('0.3')).toBe(0.3)
    expect(typedNumber(' −0,5 ')).toBe(-0.5)
    expect(typedNumber('-1,6')).toBe(-1.6)
    expect(typedNumber('1,2,3')).toBeNaN()
    expect(typedNumber('abc')).toBeNaN()
    expect(typedNumber('')).toBeNaN()
  })
})

describe('the tie-breaks list', () => {
  const list = [
    { key: 'total', order: 'desc' },
    { key: 'extra', order: 'desc' },
    { key: 'wins', order: 'desc' },
    { key: 'ci', order: 'desc' },
  ] as const
  const keys = (l: ReadonlyArray<{ key: string }>): string[] => l.map((x) => x.key)

  it('moves a criterion up, never above «total»', () => {
    expect(keys(moveTieBreakUp([...list], 3))).toEqual(['total', 'extra', 'ci', 'wins'])
    expect(keys(moveTieBreakUp([...list], 1))).toEqual(['total', 'extra', 'wins', 'ci'])
    expect(keys(moveTieBreakUp([...list], 0))).toEqual(['total', 'extra', 'wins', 'ci'])
  })

  it('removes a criterion but never «total»; adds a missing one at the end, never twice', () => {
    expect(keys(removeTieBreak([...list], 2))).toEqual(['total', 'extra', 'ci'])
    expect(keys(removeTieBreak([...list], 0))).toEqual(['total', 'extra', 'wins', 'ci'])
    const added = addTieBreak([...list], 'bestMove')
    expect(added.at(-1)).toEqual({ key: 'bestMove', order: 'desc' })
    expect(addTieBreak(added, 'bestMove')).toHaveLength(added.length)
    expect(missingTieBreaks(added)).not.toContain('bestMove')
    expect(missingTieBreaks(added)).not.toContain('wins')
    expect(missingTieBreaks([{ key: 'total', order: 'desc' }])).toEqual([...TIE_BREAK_KEYS])
  })

  it('flips the order of a criterion, not of «total»; the input list is left as it was', () => {
    const l = [...list].map((x) => ({ ...x }))
    expect(flipTieBreakOrder(l, 3)[3].order).toBe('asc')
    expect(flipTieBreakOrder(l, 0)[0].order).toBe('desc')
    expect(l[3].order).toBe('desc')
  })

  it('any sequence of the list operations keeps a list the schema accepts', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('up' as const), i: fc.nat(12) }),
      fc.record({ kind: fc.constant('remove' as const), i: fc.nat(12) }),
      fc.record({ kind: fc.constant('flip' as const), i: fc.nat(12) }),
      fc.record({ kind: fc.constant('add' as const), key: fc.constantFrom(...TIE_BREAK_KEYS) }),
    )
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        let l = fiim.tieBreaks
        for (const o of ops)
          l =
            o.kind === 'up'
              ? moveTieBreakUp(l, o.i)
              : o.kind === 'remove'
                ? removeTieBreak(l, o.i)
                : o.kind === 'flip'
                  ? flipTieBreakOrder(l, o.i)
                  : addTieBreak(l, o.key)
        expect(scoringSystemSchema.safeParse({ ...fiim, tieBreaks: l }).success).toBe(true)
      }),
    )
  })
})

describe('automatic bonuses', () => {
  it('a new bonus gets an unused id; «survived» maps to the select and back', () => {
    const a = newAutoBonus([])
    const b = newAutoBonus([a, { ...a, id: 'bonus-2' }])
    expect(new Set([a.id, b.id, 'bonus-2']).size).toBe(3)
    expect(scoringSystemSchema.safeParse({ ...fiim, autoBonus: [a, b] }).success).toBe(true)
    expect(survivedChoice(a)).toBe('any')
    expect(withSurvived(a, 'yes').survived).toBe(true)
    expect(survivedChoice(withSurvived(a, 'no'))).toBe('no')
    expect('survived' in withSurvived(withSurvived(a, 'no'), 'any')).toBe(false)
  })
})

describe('the refused fields', () => {
  it('a valid system has none', () => {
    expect(systemIssues(fiim)).toEqual([])
  })

  it('names the field and what is allowed, in Russian and English', () => {
    const issues = systemIssues({
      ...fiim,
      extraPoints: { min: 2, max: 1.5 },
      penalties: { ...fiim.penalties, removal: 15 },
      ci: { ...fiim.ci, minFinalGames: 2.5 },
      loss: Number.NaN,
    })
    const by = new Map(issues.map((i) => [i.path, i]))
    expect(by.get('extraPoints')).toMatchObject({
      group: 'extraPoints',
      ru: 'нижняя граница больше верхней',
    })
    expect(by.get('penalties.removal')).toMatchObject({ group: 'penalties', ru: 'допустимо не больше 10' })
    expect(by.get('penalties.removal')?.en).toBe('must be at most 10')
    expect(by.get('ci.minFinalGames')?.group).toBe('ci')
    expect(by.get('loss')?.ru).toContain('число')
  })

  it('the schema’s own rules are said in words in both languages, as the server says them', () => {
    const [issue] = systemIssues({ ...fiim, tieBreaks: [...fiim.tieBreaks].reverse() })
    expect(issue).toMatchObject({
      path: 'tieBreaks',
      ru: '«Итого» первым, каждый критерий один раз',
      en: '"Total" first, each criterion once',
    })
  })
})
