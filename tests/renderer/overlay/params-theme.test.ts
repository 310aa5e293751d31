import { describe, expect, it } from 'vitest'
import { normalizeHex, parseOverlayParams, safeImageUrl } from '../../../src/renderer/src/overlay/params'
import {
  DEFAULT_THEME,
  PRESET_NAMES,
  luminance,
  resolveTheme,
  themeVars,
} from '../../../src/renderer/src/overlay/theme'
import { readStandings } from '../../../src/renderer/src/overlay/standings'
import { demoEnvelope } from '../../../src/renderer/src/overlay/demo'

describe('URL parameters', () => {
  it('picks the layout preset, preview, demo and motion switches', () => {
    expect(parseOverlayParams('').layout).toBe('full')
    expect(parseOverlayParams('?layout=strip').layout).toBe('strip')
    expect(parseOverlayParams('?layout=bar').layout).toBe('bar')
    expect(parseOverlayParams('?layout=standings').layout).toBe('standings')
    expect(parseOverlayParams('?layout=evil').layout).toBe('full')
    expect(parseOverlayParams('?preview=1').preview).toBe(true)
    expect(parseOverlayParams('?preview=0').preview).toBe(false)
    expect(parseOverlayParams('?demo=1').demo).toBe('day')
    expect(parseOverlayParams('?demo=voting').demo).toBe('voting')
    expect(parseOverlayParams('').demo).toBe(null)
    expect(parseOverlayParams('?motion=0').noMotion).toBe(true)
  })

  it('accepts colours with or without #, and only safe logo URLs', () => {
    expect(normalizeHex('FF0044')).toBe('#ff0044')
    expect(normalizeHex('#abc')).toBe('#aabbcc')
    expect(normalizeHex('red')).toBe(null)
    expect(safeImageUrl('javascript:alert(1)')).toBe(null)
    expect(safeImageUrl('//evil.example/x.png')).toBe(null)
    expect(safeImageUrl('/resources/logo.png')).toBe('/resources/logo.png')
    expect(safeImageUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA')
    const p = parseOverlayParams('?accent=38bdf8&bg=000&text=fff&logo=/l.png&title=Cup&theme=ice')
    expect(p.theme).toEqual({
      accent: '#38bdf8',
      background: '#000000',
      text: '#ffffff',
      logoUrl: '/l.png',
      title: 'Cup',
    })
    expect(p.preset).toBe('ice')
  })
})

describe('themes', () => {
  it('layers settings < preset < URL', () => {
    const settings = { ...DEFAULT_THEME, accent: '#e53935', title: 'From settings' }
    expect(resolveTheme(settings, null, {}).accent).toBe('#e53935')
    expect(PRESET_NAMES).toContain('ice')
    expect(resolveTheme(settings, 'ice', {}).accent).toBe('#38bdf8')
    expect(resolveTheme(settings, 'ice', { accent: '#00ff00' }).accent).toBe('#00ff00')
    expect(resolveTheme(settings, 'nope', {}).title).toBe('From settings')
  })

  it('keeps panels dark and text light whatever the colours chosen (contrast on video)', () => {
    const vars = themeVars({ ...DEFAULT_THEME, background: '#ffffff', text: '#111111', accent: '#ffee00' })
    expect(luminance(vars['--md-bg'])).toBeLessThan(0.05)
    expect(vars['--md-text']).toBe('#ffffff')
    expect(vars['--md-on-accent']).toBe('#0b0c10')
    expect(themeVars({ ...DEFAULT_THEME, accent: '#3344aa' })['--md-on-accent']).toBe('#ffffff')
  })
})

describe('standings and demo data', () => {
  it('reads a standings field when present and valid', () => {
    expect(readStandings({})).toBe(null)
    expect(readStandings({ standings: { rows: [] } })).toBe(null)
    expect(readStandings({ standings: { rows: [{ name: 'A', points: 2 }, { bad: 1 }] } })?.rows).toEqual([
      {
        place: 1,
        name: 'A',
        points: 2,
        perGame: null,
        games: null,
        wins: null,
        tieBreaks: [],
        decidedBy: null,
        ciProvisional: false,
      },
    ])
    // Tie-break columns: known keys with their values; an unknown key (a newer server) is dropped with its values.
    const tb = readStandings({
      standings: {
        tieBreaks: ['extra', 'future', 'wins'],
        ciProvisional: true,
        rows: [{ name: 'B', points: 3, tieBreaks: [0.4, 9, 2], decidedBy: 'extra', ciProvisional: true }],
      },
    })
    expect(tb?.tieBreaks).toEqual(['extra', 'wins'])
    expect(tb?.ciProvisional).toBe(true)
    expect(tb?.rows[0]).toMatchObject({ tieBreaks: [0.4, 2], decidedBy: 'extra', ciProvisional: true })
  })

  it('under the normaliser: the per-game figure, and the rows listed apart (place null) never get a place', () => {
    const s = readStandings({
      standings: {
        normaliser: { kind: 'perGame', minGames: 3 },
        rows: [
          { place: 1, name: 'G', points: 4.5, perGame: 1.125 },
          {
            place: null,
            name: 'K',
            points: 2.4,
            perGame: 1.2,
            unranked: { reason: 'fewerGames', minGames: 3 },
          },
        ],
      },
    })
    expect(s?.minGames).toBe(3)
    expect(s?.rows.map((r) => [r.name, r.place, r.perGame])).toEqual([['G', 1, 1.125]])
    expect(s?.apart).toEqual([{ name: 'K', perGame: 1.2, minGames: 3 }])
    // Without a normaliser (an older server too): no minimum, nobody apart.
    expect(readStandings({ standings: { rows: [{ name: 'A', points: 2 }] } })).toMatchObject({
      minGames: null,
      apart: [],
    })
  })

  it('demo scenes cover every status and never pretend to be a game', () => {
    const env = demoEnvelope('day')
    expect(env.gameId).toBe(null)
    expect(new Set(env.view!.players.map((p) => p.status))).toEqual(
      new Set(['alive', 'killed', 'votedOut', 'removed']),
    )
    expect(demoEnvelope('empty').view).toBe(null)
    expect(demoEnvelope('end').view!.winner).toBe('red')
  })
})
