/**
 * A small PNG decoder (Node's zlib + the PNG filters) for asserting overlay pixels: 8-bit RGB or RGBA,
 * non-interlaced, which is what Chromium's screenshots are.
 */
import { inflateSync } from 'node:zlib'

export interface Image {
  width: number
  height: number
  /** RGBA, 4 bytes per pixel. */
  data: Uint8Array
}

export function decodePng(buf: Buffer): Image {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (!sig.every((b, i) => buf[i] === b)) throw new Error('not a PNG')
  let pos = 8
  let width = 0
  let height = 0
  let colorType = 0
  let bitDepth = 0
  let interlace = 0
  const idat: Buffer[] = []
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos)
    const type = buf.toString('ascii', pos + 4, pos + 8)
    const body = buf.subarray(pos + 8, pos + 8 + len)
    if (type === 'IHDR') {
      width = body.readUInt32BE(0)
      height = body.readUInt32BE(4)
      bitDepth = body[8]
      colorType = body[9]
      interlace = body[12]
    } else if (type === 'IDAT') idat.push(body)
    else if (type === 'IEND') break
    pos += 12 + len
  }
  if (bitDepth !== 8 || interlace !== 0 || (colorType !== 2 && colorType !== 6)) {
    throw new Error(`unsupported PNG: depth ${bitDepth}, colour type ${colorType}, interlace ${interlace}`)
  }
  const channels = colorType === 6 ? 4 : 3
  const raw = inflateSync(Buffer.concat(idat))
  const stride = width * channels
  const out = new Uint8Array(width * height * 4)
  let prev = new Uint8Array(stride)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
    const cur = new Uint8Array(stride)
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? cur[x - channels] : 0
      const b = prev[x]
      const c = x >= channels ? prev[x - channels] : 0
      let v = line[x]
      if (filter === 1) v += a
      else if (filter === 2) v += b
      else if (filter === 3) v += (a + b) >> 1
      else if (filter === 4) {
        const p = a + b - c
        const pa = Math.abs(p - a)
        const pb = Math.abs(p - b)
        const pc = Math.abs(p - c)
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c
      }
      cur[x] = v & 255
    }
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4
      out[o] = cur[x * channels]
      out[o + 1] = cur[x * channels + 1]
      out[o + 2] = cur[x * channels + 2]
      out[o + 3] = channels === 4 ? cur[x * channels + 3] : 255
    }
    prev = cur
  }
  return { width, height, data: out }
}

export function pixel(img: Image, x: number, y: number): [number, number, number, number] {
  const o = (Math.round(y) * img.width + Math.round(x)) * 4
  return [img.data[o], img.data[o + 1], img.data[o + 2], img.data[o + 3]]
}

/** Largest alpha inside a rectangle (0 = nothing drawn there). */
export function maxAlpha(img: Image, x0: number, y0: number, x1: number, y1: number): number {
  let max = 0
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(img.height, Math.ceil(y1)); y++) {
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(img.width, Math.ceil(x1)); x++) {
      const a = img.data[(y * img.width + x) * 4 + 3]
      if (a > max) max = a
    }
  }
  return max
}

/** Share of pixels with alpha > 0 in a rectangle. */
export function coverage(img: Image, x0: number, y0: number, x1: number, y1: number): number {
  let drawn = 0
  let all = 0
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(img.height, Math.ceil(y1)); y++) {
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(img.width, Math.ceil(x1)); x++) {
      all++
      if (img.data[(y * img.width + x) * 4 + 3] > 0) drawn++
    }
  }
  return all === 0 ? 0 : drawn / all
}

/** Mean colour of a rectangle (RGBA). */
export function meanColour(
  img: Image,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): [number, number, number, number] {
  const sum = [0, 0, 0, 0]
  let n = 0
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(img.height, Math.ceil(y1)); y++) {
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(img.width, Math.ceil(x1)); x++) {
      const o = (y * img.width + x) * 4
      for (let k = 0; k < 4; k++) sum[k] += img.data[o + k]
      n++
    }
  }
  return sum.map((s) => (n ? s / n : 0)) as [number, number, number, number]
}

export function colourDistance(a: number[], b: number[]): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2])
}
