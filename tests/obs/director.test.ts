import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  MOMENT_FALLBACK,
  MOMENT_KINDS,
  momentAfter,
  momentOf,
  sameMoment,
  sceneChange,
  sceneFor,
  sceneMapSchema,
  speakerLabel,
  type DirectorInput,
  type SceneMap,
} from '../../src/main/obs/director'
import type { ControlView } from '../../src/shared/game/views'
import {
  TEST_MAP,
  finished,
  lastWord,
  liftAll,
  nightStep,
  scriptedGame,
  setup,
  speech,
  tieSpeech,
  view,
  voting,
  zeroNight,
} from './game-script'

const FULL: SceneMap = {
  zeroNight: 'ZN',
  day: 'D',
  speech: 'S',
  voting: 'V',
  tie: 'T',
  lastWord: 'LW',
  night: 'N',
  shot: 'SH',
  donCheck: 'DC',
  sheriffCheck: 'SC',
  gameEnd: 'END',
  break: 'BRK',
  speechBySeat: { '1': 'S1', '10': 'S10' },
}

describe('DirectorInput', () => {
  it("accepts the engine's ControlView as it is (type-level check, run by tsc)", () => {
    expectTypeOf<ControlView>().toExtend<DirectorInput>()
  })
})

describe('momentOf', () => {
  it('maps every phase and step to its moment', () => {
    expect(momentOf(setup())).toBeNull()
    expect(momentOf(zeroNight())).toEqual({ kind: 'zeroNight' })
    expect(momentOf(speech(1, 4))).toEqual({ kind: 'speech', seat: 4 })
    expect(momentOf(voting(1))).toEqual({ kind: 'voting' })
    expect(momentOf(tieSpeech(2, 3))).toEqual({ kind: 'tie' })
    expect(momentOf(liftAll(2))).toEqual({ kind: 'tie' })
    expect(momentOf(lastWord(1, 4))).toEqual({ kind: 'lastWord' })
    expect(momentOf(view({ phase: 'day', step: null }))).toEqual({ kind: 'day' })
    expect(momentOf(nightStep(1, 'shot'))).toEqual({ kind: 'shot' })
    expect(momentOf(nightStep(1, 'donCheck'))).toEqual({ kind: 'donCheck' })
    expect(momentOf(nightStep(1, 'sheriffCheck'))).toEqual({ kind: 'sheriffCheck' })
    expect(momentOf(nightStep(1, null))).toEqual({ kind: 'night' })
    expect(momentOf(finished(3, 'red'))).toEqual({ kind: 'gameEnd' })
    expect(momentOf(finished(3, 'draw'))).toEqual({ kind: 'gameEnd' })
  })

  it('treats a speech without a valid speaker as the day', () => {
    expect(momentOf(view({ step: 'speech', speaker: null }))).toEqual({ kind: 'day' })
    expect(momentOf(view({ step: 'speech', speaker: 0 }))).toEqual({ kind: 'day' })
    expect(momentOf(view({ step: 'speech', speaker: 11 }))).toEqual({ kind: 'day' })
    expect(momentOf(view({ step: 'speech', speaker: 2.5 }))).toEqual({ kind: 'day' })
  })

  it('ignores a stale night step outside the night and a day step outside the day', () => {
    expect(momentOf(view({ phase: 'day', step: 'voting', nightStep: 'shot' }))).toEqual({ kind: 'voting' })
    expect(momentOf(view({ phase: 'night', step: 'voting', nightStep: null }))).toEqual({ kind: 'night' })
  })
})

describe('momentAfter (revote detection)', () => {
  it('a voting whose round is a revote is the tie, with or without the view before it', () => {
    const revote = view({ step: 'voting', day: 2, voting: { round: 'revote' } })
    expect(momentOf(revote)).toEqual({ kind: 'tie' })
    expect(momentAfter(null, revote)).toEqual({ kind: 'tie' })
    expect(momentOf(view({ step: 'voting', voting: { round: 'vote' } }))).toEqual({ kind: 'voting' })
    expect(momentOf(view({ step: 'voting', voting: null }))).toEqual({ kind: 'voting' })
  })

  it('keeps a revote after tie speeches on the tie moment', () => {
    expect(momentAfter(tieSpeech(2, 3), voting(2))).toEqual({ kind: 'tie' })
    expect(momentAfter(liftAll(2), voting(2))).toEqual({ kind: 'tie' })
  })
  it('a first voting after speeches is the voting', () => {
    expect(momentAfter(speech(2, 9), voting(2))).toEqual({ kind: 'voting' })
    expect(momentAfter(null, voting(2))).toEqual({ kind: 'voting' })
  })
  it('a voting on another day is not a revote', () => {
    expect(momentAfter(tieSpeech(1, 3), voting(2))).toEqual({ kind: 'voting' })
  })
})

describe('sameMoment', () => {
  it('compares kinds and speech seats', () => {
    expect(sameMoment({ kind: 'speech', seat: 1 }, { kind: 'speech', seat: 1 })).toBe(true)
    expect(sameMoment({ kind: 'speech', seat: 1 }, { kind: 'speech', seat: 2 })).toBe(false)
    expect(sameMoment({ kind: 'night' }, { kind: 'shot' })).toBe(false)
    expect(sameMoment(null, null)).toBe(true)
    expect(sameMoment(null, { kind: 'day' })).toBe(false)
  })
})

describe('sceneFor', () => {
  it('maps each moment to its own scene when mapped', () => {
    for (const kind of MOMENT_KINDS) {
      const moment = kind === 'speech' ? { kind, seat: 5 } : { kind }
      const expected = kind === 'speech' ? 'S' : FULL[kind]
      expect(sceneFor(moment, FULL)).toBe(expected)
    }
  })

  it('uses the per-seat speech scene, else the generic speech, else the day', () => {
    expect(sceneFor({ kind: 'speech', seat: 1 }, FULL)).toBe('S1')
    expect(sceneFor({ kind: 'speech', seat: 10 }, FULL)).toBe('S10')
    expect(sceneFor({ kind: 'speech', seat: 2 }, FULL)).toBe('S')
    expect(sceneFor({ kind: 'speech', seat: 2 }, { day: 'D', speechBySeat: { '1': 'S1' } })).toBe('D')
    expect(sceneFor({ kind: 'speech', seat: 1 }, { day: 'D', speechBySeat: { '1': null } })).toBe('D')
    expect(sceneFor({ kind: 'speech', seat: 2 }, { speechBySeat: { '1': 'S1' } })).toBeNull()
  })

  it('falls back along MOMENT_FALLBACK and leaves unmapped moments alone', () => {
    const dayNight: SceneMap = { day: 'D', night: 'N' }
    expect(sceneFor({ kind: 'shot' }, dayNight)).toBe('N')
    expect(sceneFor({ kind: 'donCheck' }, dayNight)).toBe('N')
    expect(sceneFor({ kind: 'sheriffCheck' }, dayNight)).toBe('N')
    expect(sceneFor({ kind: 'zeroNight' }, dayNight)).toBe('N')
    expect(sceneFor({ kind: 'voting' }, dayNight)).toBe('D')
    expect(sceneFor({ kind: 'tie' }, dayNight)).toBe('D')
    expect(sceneFor({ kind: 'tie' }, { ...dayNight, voting: 'V' })).toBe('V')
    expect(sceneFor({ kind: 'lastWord' }, dayNight)).toBe('D')
    expect(sceneFor({ kind: 'gameEnd' }, dayNight)).toBeNull()
    expect(sceneFor({ kind: 'break' }, dayNight)).toBeNull()
    expect(sceneFor({ kind: 'day' }, { night: 'N' })).toBeNull()
    expect(sceneFor({ kind: 'voting' }, { night: 'N', voting: null })).toBeNull()
    expect(sceneFor(null, FULL)).toBeNull()
  })

  it('has a fallback chain without cycles', () => {
    for (const kind of MOMENT_KINDS) {
      const seen = new Set<string>()
      let k: (typeof MOMENT_KINDS)[number] | null = kind
      while (k !== null) {
        expect(seen.has(k)).toBe(false)
        seen.add(k)
        k = MOMENT_FALLBACK[k]
      }
    }
  })
})

describe('sceneChange', () => {
  it('switches on a new moment and not when the moment stays', () => {
    expect(sceneChange(null, zeroNight(), FULL)).toBe('ZN')
    expect(sceneChange(zeroNight(), zeroNight(), FULL)).toBeNull()
    expect(sceneChange(zeroNight(), speech(1, 1), FULL)).toBe('S1')
    expect(sceneChange(speech(1, 1), speech(1, 1), FULL)).toBeNull()
    expect(sceneChange(speech(1, 1), speech(1, 2), FULL)).toBe('S')
    expect(sceneChange(speech(1, 9), speech(1, 10), FULL)).toBe('S10')
    expect(sceneChange(speech(1, 10), voting(1), FULL)).toBe('V')
    expect(sceneChange(voting(1), voting(1), FULL)).toBeNull()
    expect(sceneChange(voting(1), lastWord(1, 4), FULL)).toBe('LW')
    expect(sceneChange(lastWord(1, 4), nightStep(1, 'shot'), FULL)).toBe('SH')
    expect(sceneChange(nightStep(1, 'shot'), nightStep(1, 'donCheck'), FULL)).toBe('DC')
    expect(sceneChange(nightStep(1, 'donCheck'), nightStep(1, 'sheriffCheck'), FULL)).toBe('SC')
    expect(sceneChange(nightStep(1, 'sheriffCheck'), nightStep(1, null), FULL)).toBe('N')
    expect(sceneChange(lastWord(3, 5), finished(3, 'red'), FULL)).toBe('END')
    expect(sceneChange(finished(3, 'red'), finished(3, 'red'), FULL)).toBeNull()
  })

  it('a new moment mapped to the same scene still answers that scene (an operator override is replaced)', () => {
    expect(sceneChange(speech(1, 2), speech(1, 3), FULL)).toBe('S')
  })

  it('leaves the scene alone for unmapped moments and for setup', () => {
    const onlyNight: SceneMap = { night: 'N' }
    expect(sceneChange(nightStep(1, null), lastWord(2, 3), onlyNight)).toBeNull()
    expect(sceneChange(lastWord(2, 3), speech(2, 4), onlyNight)).toBeNull()
    expect(sceneChange(voting(2), finished(2, 'red'), onlyNight)).toBeNull()
    expect(sceneChange(null, setup(), FULL)).toBeNull()
    expect(sceneChange(finished(2, 'red'), setup(), FULL)).toBeNull()
    expect(sceneChange(setup(), zeroNight(), FULL)).toBe('ZN')
    expect(sceneChange(voting(1), lastWord(1, 2), {})).toBeNull()
  })

  it('keeps tie speeches, the revote and the lift-all vote on the tie scene', () => {
    expect(sceneChange(voting(2), tieSpeech(2, 3), FULL)).toBe('T')
    expect(sceneChange(tieSpeech(2, 3), tieSpeech(2, 9), FULL)).toBeNull()
    expect(sceneChange(tieSpeech(2, 9), voting(2), FULL)).toBeNull()
    expect(sceneChange(voting(2), voting(2), FULL)).toBeNull()
    expect(sceneChange(voting(2), liftAll(2), FULL)).toBe('T')
    expect(sceneChange(liftAll(2), lastWord(2, 3), FULL)).toBe('LW')
  })

  it('ignores changes that are not moments (names, roles, winner while the last word goes on)', () => {
    const a = lastWord(3, 5)
    const b: DirectorInput = {
      ...a,
      winner: 'black',
      players: a.players.map((p) => ({ ...p, name: p.name + '!' })),
    }
    expect(sceneChange(a, b, FULL)).toBeNull()
  })

  it('drives a whole scripted game through the expected scenes', () => {
    const map = sceneMapSchema.parse(TEST_MAP)
    const views = scriptedGame()
    const out: Array<string | null> = []
    let prev: DirectorInput | null = null
    for (const v of views) {
      out.push(sceneChange(prev, v, map))
      prev = v
    }
    const S = 'Speech'
    expect(out).toEqual([
      null, // setup
      'Zero night',
      null,
      S,
      S,
      'Seat 3',
      S,
      S,
      S,
      S,
      S,
      S,
      S,
      'Voting',
      null,
      'Last word',
      'Night', // shot → night (fallback)
      'Don check',
      'Sheriff check',
      'Night', // night, nothing pending
      'Last word', // morning
      S,
      'Seat 3',
      S,
      S,
      S,
      S,
      S,
      S,
      'Voting',
      'Tie',
      null,
      null, // revote
      null,
      'Last word',
      'Night',
      'Sheriff check',
      'Night',
      'Last word',
      'Seat 3',
      S,
      S,
      S,
      'Voting',
      'Last word',
      'Game end',
      null,
    ])
  })
})

describe('sceneMapSchema', () => {
  it('accepts a partial map with nulls and per-seat scenes', () => {
    expect(sceneMapSchema.parse({})).toEqual({})
    expect(sceneMapSchema.parse({ day: 'Day', night: null, speechBySeat: { '10': 'Cam 10' } })).toEqual({
      day: 'Day',
      night: null,
      speechBySeat: { '10': 'Cam 10' },
    })
  })
  it('rejects unknown moments, bad seats and empty names', () => {
    expect(sceneMapSchema.safeParse({ dusk: 'X' }).success).toBe(false)
    expect(sceneMapSchema.safeParse({ speechBySeat: { '11': 'X' } }).success).toBe(false)
    expect(sceneMapSchema.safeParse({ speechBySeat: { '0': 'X' } }).success).toBe(false)
    expect(sceneMapSchema.safeParse({ day: '' }).success).toBe(false)
    expect(sceneMapSchema.safeParse({ day: 5 }).success).toBe(false)
  })
})

describe('speakerLabel', () => {
  it('names the seat that has the floor', () => {
    expect(speakerLabel(speech(1, 3))).toBe('3. Cat')
    expect(speakerLabel(lastWord(2, 10))).toBe('10. Jay')
    expect(speakerLabel(voting(1))).toBe('')
    expect(speakerLabel(nightStep(1, 'shot'))).toBe('')
    expect(speakerLabel(view({ step: 'speech', speaker: 4, players: [] }))).toBe('4')
  })
})
