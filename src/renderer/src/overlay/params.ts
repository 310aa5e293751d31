/**
 * The overlay's URL parameters: the layout preset, the preview and demo switches and the theme overrides.
 * Everything here is pure so it can be tested without a browser.
 */
import type { InjectionKey } from 'vue'
import type { OverlayGraphicName } from '../../../shared/contract'

/** Every on-demand graphic's name (the type makes this list complete; the contract's list builds zod schemas). */
const GRAPHIC_NAMES: Record<OverlayGraphicName, true> = {
  nominees: true,
  night: true,
  standings: true,
  break: true,
  lowerThird: true,
}

export type LayoutName = 'full' | 'strip' | 'bar' | 'standings'

export const LAYOUT_SIZES: Record<LayoutName, { width: number; height: number }> = {
  full: { width: 1920, height: 1080 },
  strip: { width: 1920, height: 260 },
  bar: { width: 1920, height: 100 },
  standings: { width: 1920, height: 1080 },
}

export const DEMO_SCENES = ['day', 'voting', 'tie', 'night', 'end', 'empty'] as const
export type DemoScene = (typeof DEMO_SCENES)[number]

export interface ThemeOverrides {
  accent?: string
  background?: string
  text?: string
  logoUrl?: string | null
  title?: string
}

export interface OverlayParams {
  layout: LayoutName
  preview: boolean
  /** `?demo=1` (or a scene name): sample data instead of the live game, for theme previews and screenshots. */
  demo: DemoScene | null
  /** With `demo`: the on-demand graphics shown over the sample game (`?show=lowerThird,standings`). */
  show: OverlayGraphicName[]
  /** With `demo`: the sample standings carry a final classification (`?classification=1`, or `provisional`). */
  demoClassification: 'final' | 'provisional' | null
  /** With `demo`: the sample standings are ranked by points per game with two players apart (`?normaliser=1`). */
  demoNormaliser: boolean
  /** `?motion=0`: no animations, as with prefers-reduced-motion. */
  noMotion: boolean
  preset: string | null
  theme: ThemeOverrides
  /** `?table=7` on the tournament's head machine: that table's current game instead of the active one. */
  table: number | null
}

/** '#abc', 'abc', '#aabbcc' or 'aabbcc' → '#aabbcc'; anything else → null. */
export function normalizeHex(value: string | null | undefined): string | null {
  if (!value) return null
  const v = value.trim().replace(/^#/, '')
  if (/^[0-9a-fA-F]{6}$/.test(v)) return `#${v.toLowerCase()}`
  if (/^[0-9a-fA-F]{3}$/.test(v)) {
    return `#${v
      .split('')
      .map((c) => c + c)
      .join('')
      .toLowerCase()}`
  }
  return null
}

/** A logo may come from this origin, a data: image or http(s); never a script URL. */
export function safeImageUrl(value: string | null | undefined): string | null {
  if (!value) return null
  const v = value.trim()
  if (v.length > 2000) return null
  if (/^data:image\/(png|jpeg|webp|gif|svg\+xml);/i.test(v)) return v
  if (/^https?:\/\//i.test(v)) return v
  if (v.startsWith('/') && !v.startsWith('//')) return v
  return null
}

const flag = (v: string | null): boolean => v !== null && v !== '0' && v !== 'false' && v !== 'no'

function demoScene(v: string | null): DemoScene | null {
  if (!flag(v)) return null
  return (DEMO_SCENES as readonly string[]).includes(v ?? '') ? (v as DemoScene) : 'day'
}

export function parseOverlayParams(search: string): OverlayParams {
  const q = new URLSearchParams(search)
  const layoutParam = q.get('layout')
  const layout: LayoutName =
    layoutParam === 'strip' || layoutParam === 'bar' || layoutParam === 'standings' ? layoutParam : 'full'
  const theme: ThemeOverrides = {}
  const accent = normalizeHex(q.get('accent'))
  if (accent) theme.accent = accent
  const background = normalizeHex(q.get('bg') ?? q.get('background'))
  if (background) theme.background = background
  const text = normalizeHex(q.get('text'))
  if (text) theme.text = text
  if (q.has('logo')) theme.logoUrl = safeImageUrl(q.get('logo'))
  const title = q.get('title')
  if (title !== null) theme.title = title.slice(0, 120)
  const preset = q.get('theme')
  return {
    layout,
    preview: flag(q.get('preview')),
    demo: demoScene(q.get('demo')),
    show: (q.get('show') ?? '')
      .split(',')
      .filter((x): x is OverlayGraphicName => Object.prototype.hasOwnProperty.call(GRAPHIC_NAMES, x)),
    demoClassification:
      q.get('classification') === 'provisional'
        ? 'provisional'
        : flag(q.get('classification'))
          ? 'final'
          : null,
    demoNormaliser: flag(q.get('normaliser')),
    noMotion: q.get('motion') === '0' || q.get('motion') === 'off',
    preset: preset && /^[a-z0-9-]{1,40}$/i.test(preset) ? preset.toLowerCase() : null,
    theme,
    table: /^[1-9]\d{0,2}$/.test(q.get('table') ?? '') ? Number(q.get('table')) : null,
  }
}
export const OVERLAY_PARAMS: InjectionKey<OverlayParams> = Symbol('overlay-params')
