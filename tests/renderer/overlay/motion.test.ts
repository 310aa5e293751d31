/**
 * Motion rules of the overlay (issue 6): CSS transitions and animations use transform and opacity only (the
 * compositor runs them at 60 fps without layout or paint), and prefers-reduced-motion turns them off.
 */
import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

const OVERLAY = resolve(__dirname, '../../../src/renderer/src/overlay')

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? files(p) : /\.(vue|css)$/.test(f) ? [p] : []
  })
}

/** 'transform 260ms cubic-bezier(0.2, 0.8, 0.2, 1), opacity 260ms ease' → ['transform', 'opacity']. */
function transitionProperties(value: string): string[] {
  const flat = value.replace(/\([^()]*\)/g, '()')
  return flat
    .split(',')
    .map((part) => part.trim().split(/\s+/)[0])
    .filter(Boolean)
}

describe('overlay motion', () => {
  const sources = files(OVERLAY).map((f) => ({ f, text: readFileSync(f, 'utf8') }))

  it('animates transform and opacity only', () => {
    const bad: string[] = []
    let count = 0
    for (const { f, text } of sources) {
      for (const m of text.matchAll(/(?<![-\w])transition(?:-property)?\s*:\s*([^;]+);/g)) {
        for (const prop of transitionProperties(m[1])) {
          count++
          if (!['transform', 'opacity', 'none'].includes(prop)) bad.push(`${f}: ${m[0]}`)
        }
      }
      for (const m of text.matchAll(/(?<![-\w])animation(?:-name)?\s*:\s*([^;]+);/g)) {
        if (!/^none\b/.test(m[1].trim())) bad.push(`${f}: ${m[0]} (keyframe animations are not used)`)
      }
    }
    expect(count).toBeGreaterThan(10)
    expect(bad).toEqual([])
  })

  it('turns motion off for prefers-reduced-motion and ?motion=0', () => {
    const app = sources.find((s) => s.f.endsWith('App.vue'))!.text
    expect(app).toMatch(
      /@media \(prefers-reduced-motion: reduce\)\s*{[^}]*\.overlay \*[^}]*{[^}]*transition: none !important/,
    )
    expect(app).toMatch(/\.no-motion \*[^{]*{[^}]*transition: none !important/)
  })
})
