#!/usr/bin/env node
/**
 * Prints the overlay bundle's gzip size (JS + CSS) from out/renderer after `npm run build`, and exits non-zero
 * above the limit (150 KB). It starts at out/renderer/overlay.html and follows every script, module preload and
 * stylesheet it references, then every static import of those scripts (shared chunks included), counting each
 * file once. Fonts and images are not counted (they are not JS or CSS).
 *
 * Usage: node scripts/bundle-size.mjs [--dir out/renderer] [--limit-kb 150] [--json]
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const opt = (name, fallback) => {
  const i = args.indexOf(name)
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback
}
const dir = resolve(root, opt('--dir', 'out/renderer'))
const limitKb = Number(opt('--limit-kb', '150'))
const html = join(dir, 'overlay.html')
if (!existsSync(html)) {
  console.error(`bundle-size: ${html} is missing: run npm run build first`)
  process.exit(2)
}

const page = readFileSync(html, 'utf8')
const queue = []
for (const m of page.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)"[^>]*>/g)) {
  const tag = m[0]
  const url = m[1]
  if (/^(https?:)?\/\//.test(url) || url.startsWith('data:')) continue
  if (tag.startsWith('<link') && !/rel="(stylesheet|modulepreload)"/.test(tag)) continue
  queue.push(join(dir, url.replace(/^\.?\//, '')))
}

const seen = new Map()
while (queue.length > 0) {
  const file = queue.shift()
  if (seen.has(file) || !existsSync(file)) continue
  const text = readFileSync(file)
  const kind = file.endsWith('.css') ? 'css' : file.endsWith('.js') || file.endsWith('.mjs') ? 'js' : null
  if (!kind) continue
  seen.set(file, { kind, raw: text.length, gzip: gzipSync(text, { level: 9 }).length })
  if (kind === 'js') {
    const src = text.toString('utf8')
    for (const m of src.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g)) {
      queue.push(resolve(dirname(file), m[1]))
    }
  }
}

const sum = (kind) => [...seen.values()].filter((f) => f.kind === kind).reduce((a, f) => a + f.gzip, 0)
const js = sum('js')
const css = sum('css')
const total = js + css
const kb = (n) => (n / 1024).toFixed(1)
const ok = total <= limitKb * 1024

if (args.includes('--json')) {
  const files = [...seen].map(([f, v]) => ({ file: f.slice(dir.length + 1), ...v }))
  console.log(JSON.stringify({ js, css, total, limit: limitKb * 1024, ok, files }, null, 2))
} else {
  for (const [f, v] of seen)
    console.log(
      `  ${f.slice(dir.length + 1).padEnd(48)} ${kb(v.raw).padStart(8)} KB  gzip ${kb(v.gzip).padStart(7)} KB`,
    )
  console.log(
    `overlay bundle: JS ${kb(js)} KB + CSS ${kb(css)} KB = ${kb(total)} KB gzip (limit ${limitKb} KB) ${ok ? 'OK' : 'TOO BIG'}`,
  )
}
process.exit(ok ? 0 : 1)
