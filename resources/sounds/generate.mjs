// Generates the timer sounds (16-bit mono PCM WAV): `node resources/sounds/generate.mjs`.
// timer-warning.wav: two short 880 Hz beeps (10 s left); timer-end.wav: one long 660 Hz beep (time's up).
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const RATE = 22050
const here = dirname(fileURLToPath(import.meta.url))

function tone(freq, ms, gain = 0.5) {
  const n = Math.round((RATE * ms) / 1000)
  const out = new Float32Array(n)
  const fade = Math.round(RATE * 0.008)
  for (let i = 0; i < n; i++) {
    const env = Math.min(1, i / fade, (n - 1 - i) / fade)
    out[i] = Math.sin((2 * Math.PI * freq * i) / RATE) * gain * env
  }
  return out
}
const silence = (ms) => new Float32Array(Math.round((RATE * ms) / 1000))

function wav(parts) {
  const total = parts.reduce((a, p) => a + p.length, 0)
  const buf = Buffer.alloc(44 + total * 2)
  buf.write('RIFF', 0)
  buf.writeUInt32LE(36 + total * 2, 4)
  buf.write('WAVE', 8)
  buf.write('fmt ', 12)
  buf.writeUInt32LE(16, 16)
  buf.writeUInt16LE(1, 20)
  buf.writeUInt16LE(1, 22)
  buf.writeUInt32LE(RATE, 24)
  buf.writeUInt32LE(RATE * 2, 28)
  buf.writeUInt16LE(2, 32)
  buf.writeUInt16LE(16, 34)
  buf.write('data', 36)
  buf.writeUInt32LE(total * 2, 40)
  let pos = 44
  for (const p of parts)
    for (const s of p) {
      buf.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), pos)
      pos += 2
    }
  return buf
}

writeFileSync(join(here, 'timer-warning.wav'), wav([tone(880, 120), silence(80), tone(880, 120)]))
writeFileSync(join(here, 'timer-end.wav'), wav([tone(660, 600, 0.6)]))
