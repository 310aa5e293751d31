// Generates the app icons for every packaging target, with no tool but Node: `node resources/icons/generate.mjs`.
//   icon.png (1024×1024, the master), png/<N>x<N>.png (Linux: 16…1024), icon.ico (Windows: 16…256),
//   icon.icns (macOS: 16…1024). The design: a dark rounded square (the app's background colour), a crimson
//   disc and a white eye mask (the night of a Mafia game), drawn from shape functions with supersampling.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'

const here = dirname(fileURLToPath(import.meta.url))
const BG = [0x11, 0x14, 0x18]
const DISC = [0xc8, 0x10, 0x2e]
const INK = [0xff, 0xff, 0xff]

function inEllipse(x, y, cx, cy, rx, ry) {
  return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1
}

/** The eye mask: two lobes joined at the bridge, with two eye holes. */
function inMask(x, y) {
  const lobes =
    inEllipse(x, y, 0.375, 0.5, 0.165, 0.115) ||
    inEllipse(x, y, 0.625, 0.5, 0.165, 0.115) ||
    (Math.abs(x - 0.5) < 0.08 && y > 0.43 && y < 0.53)
  const eyes = inEllipse(x, y, 0.385, 0.49, 0.075, 0.042) || inEllipse(x, y, 0.615, 0.49, 0.075, 0.042)
  return lobes && !eyes
}

function roundedSquare(x, y, r) {
  const qx = Math.abs(x - 0.5) - (0.5 - r)
  const qy = Math.abs(y - 0.5) - (0.5 - r)
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r
}

/** The colour and alpha at a point of the unit square. */
function sample(x, y) {
  if (roundedSquare(x, y, 0.19) > 0) return null
  if (inMask(x, y)) return INK
  if (Math.hypot(x - 0.5, y - 0.5) < 0.36) return DISC
  return BG
}

function render(size) {
  const px = Buffer.alloc(size * size * 4)
  const ss = size <= 64 ? 8 : 4
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      let r = 0
      let g = 0
      let b = 0
      let a = 0
      for (let v = 0; v < ss; v++) {
        for (let u = 0; u < ss; u++) {
          const c = sample((i + (u + 0.5) / ss) / size, (j + (v + 0.5) / ss) / size)
          if (!c) continue
          r += c[0]
          g += c[1]
          b += c[2]
          a++
        }
      }
      const o = (j * size + i) * 4
      if (a > 0) {
        px[o] = Math.round(r / a)
        px[o + 1] = Math.round(g / a)
        px[o + 2] = Math.round(b / a)
      }
      px[o + 3] = Math.round((255 * a) / (ss * ss))
    }
  }
  return png(size, px)
}

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(buf) {
  let c = 0xffffffff
  for (const byte of buf) c = CRC[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type, data) {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(td))
  return Buffer.concat([len, td, crc])
}
function png(size, rgba) {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr.set([8, 6, 0, 0, 0], 8)
  const raw = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function ico(images) {
  const head = Buffer.alloc(6 + 16 * images.length)
  head.writeUInt16LE(0, 0)
  head.writeUInt16LE(1, 2)
  head.writeUInt16LE(images.length, 4)
  let offset = head.length
  images.forEach(([size, data], k) => {
    const e = 6 + 16 * k
    head[e] = size >= 256 ? 0 : size
    head[e + 1] = size >= 256 ? 0 : size
    head.writeUInt16LE(1, e + 4)
    head.writeUInt16LE(32, e + 6)
    head.writeUInt32LE(data.length, e + 8)
    head.writeUInt32LE(offset, e + 12)
    offset += data.length
  })
  return Buffer.concat([head, ...images.map(([, d]) => d)])
}

function icns(entries) {
  const parts = entries.map(([type, data]) => {
    const h = Buffer.alloc(8)
    h.write(type, 0, 'latin1')
    h.writeUInt32BE(data.length + 8, 4)
    return Buffer.concat([h, data])
  })
  const body = Buffer.concat(parts)
  const h = Buffer.alloc(8)
  h.write('icns', 0, 'latin1')
  h.writeUInt32BE(body.length + 8, 4)
  return Buffer.concat([h, body])
}

const sizes = [16, 24, 32, 48, 64, 128, 256, 512, 1024]
const images = new Map(sizes.map((s) => [s, render(s)]))
mkdirSync(join(here, 'png'), { recursive: true })
for (const s of sizes) writeFileSync(join(here, 'png', `${s}x${s}.png`), images.get(s))
writeFileSync(join(here, 'icon.png'), images.get(1024))
writeFileSync(join(here, 'icon.ico'), ico([16, 24, 32, 48, 64, 128, 256].map((s) => [s, images.get(s)])))
writeFileSync(
  join(here, 'icon.icns'),
  icns([
    ['icp4', images.get(16)],
    ['icp5', images.get(32)],
    ['icp6', images.get(64)],
    ['ic07', images.get(128)],
    ['ic08', images.get(256)],
    ['ic09', images.get(512)],
    ['ic10', images.get(1024)],
    ['ic11', images.get(32)],
    ['ic12', images.get(64)],
    ['ic13', images.get(256)],
    ['ic14', images.get(512)],
  ]),
)
console.log(`icons written to ${here}`)
