/**
 * The DejaVu fonts embedded in every PDF (resources/fonts/), so the PDF is the same in the desktop app and the
 * headless mode and never depends on system fonts. The buffers are read once and cached.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { AppError, appError } from '../../shared/errors'

export const FONT_FILES = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
} as const

export interface FontBuffers {
  regular: Buffer
  bold: Buffer
}

let configuredDir: string | null = null
let cache: FontBuffers | null = null

/** Overrides where the fonts are looked up (the Electron shell passes its resources folder). */
export function setFontDirectory(dir: string | null): void {
  configuredDir = dir
  cache = null
}

function candidates(): string[] {
  const list: string[] = []
  if (configuredDir !== null) list.push(configuredDir)
  const env = process.env.MAFIA_DESK_FONTS
  if (env !== undefined && env !== '') list.push(env)
  const resourcesPath = (process as NodeJS.Process & { resourcesPath?: string }).resourcesPath
  if (typeof resourcesPath === 'string')
    list.push(join(resourcesPath, 'fonts'), join(resourcesPath, 'resources', 'fonts'))
  if (typeof __dirname === 'string') {
    // src/main/export → repo root; out/main → repo root.
    list.push(resolve(__dirname, '../../../resources/fonts'), resolve(__dirname, '../../resources/fonts'))
  }
  list.push(resolve(process.cwd(), 'resources/fonts'))
  return list
}

export function fontDirectory(): string {
  for (const dir of candidates()) {
    if (existsSync(join(dir, FONT_FILES.regular)) && existsSync(join(dir, FONT_FILES.bold))) return dir
  }
  throw new AppError(
    appError(
      'export/fonts_missing',
      'Не найдены шрифты для PDF (resources/fonts)',
      'The PDF fonts were not found (resources/fonts)',
      { searched: candidates() },
    ),
  )
}

export function loadFonts(): FontBuffers {
  if (cache === null) {
    const dir = fontDirectory()
    cache = {
      regular: readFileSync(join(dir, FONT_FILES.regular)),
      bold: readFileSync(join(dir, FONT_FILES.bold)),
    }
  }
  return cache
}
