/**
 * Themes: the settings' theme (from the control panel), optionally a named preset and URL overrides, turned
 * into CSS variables on the overlay's root.
 */
import type { OverlayPublicSettings } from '../../../shared/contract'
import presets from '../../../../resources/themes/presets.json'
import { normalizeHex, safeImageUrl, type ThemeOverrides } from './params'

export type Theme = OverlayPublicSettings['theme']

export const DEFAULT_THEME: Theme = {
  accent: '#f5b83d',
  background: '#0e1016',
  text: '#ffffff',
  logoUrl: null,
  title: '',
}

const presetTable = presets as Record<string, Partial<Pick<Theme, 'accent' | 'background' | 'text'>>>

export const PRESET_NAMES: string[] = Object.keys(presetTable)

export function resolveTheme(
  settings: Theme | null | undefined,
  preset: string | null,
  overrides: ThemeOverrides,
): Theme {
  const base: Theme = { ...DEFAULT_THEME, ...(settings ?? {}) }
  const p = preset ? presetTable[preset] : undefined
  const theme: Theme = {
    accent: normalizeHex(overrides.accent ?? p?.accent ?? base.accent) ?? DEFAULT_THEME.accent,
    background:
      normalizeHex(overrides.background ?? p?.background ?? base.background) ?? DEFAULT_THEME.background,
    text: normalizeHex(overrides.text ?? p?.text ?? base.text) ?? DEFAULT_THEME.text,
    logoUrl: overrides.logoUrl !== undefined ? overrides.logoUrl : safeImageUrl(base.logoUrl),
    title: overrides.title ?? base.title,
  }
  return theme
}

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

/** WCAG relative luminance, 0 (black) … 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

const rgba = (hex: string, a: number): string => `rgba(${rgb(hex).join(', ')}, ${a})`

/**
 * The CSS variables of a theme. Card backgrounds stay dark and semi-opaque whatever the chosen background, so the
 * text keeps its contrast on any video behind it.
 */
export function themeVars(theme: Theme): Record<string, string> {
  // A light background colour would wash out white text on video: keep panels dark by darkening it.
  const bg = luminance(theme.background) > 0.2 ? '#14161c' : theme.background
  const text = luminance(theme.text) < 0.4 ? '#ffffff' : theme.text
  return {
    '--md-accent': theme.accent,
    '--md-accent-soft': rgba(theme.accent, 0.35),
    '--md-on-accent': luminance(theme.accent) > 0.35 ? '#0b0c10' : '#ffffff',
    '--md-bg': bg,
    '--md-panel': rgba(bg, 0.88),
    '--md-panel-strong': rgba(bg, 0.95),
    '--md-text': text,
    '--md-text-dim': rgba(text, 0.7),
  }
}
