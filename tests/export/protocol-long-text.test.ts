/**
 * Issue 29 §1: the protocol's cost is linear in its text. A word wider than its cell or line is broken by
 * `fitWords` into pieces that each fit, measuring each character once (pdfkit's own breaking of such a word grows
 * with the square of its length); nothing of the text is lost, and words that fit are left alone. Timing figures:
 * `npm run bench:protocol-text`.
 */
import { describe, expect, it } from 'vitest'
import { fitWords } from '../../src/main/export/protocol-pdf'
import { loadPdfKit } from '../../src/main/export/heavy'
import { loadFonts } from '../../src/main/export/fonts'
import { exportProtocol } from '../../src/main/export/commands'
import { finishedGame } from '../tournament/fixtures'

async function doc(): Promise<PDFKit.PDFDocument> {
  const PDFDocument = await loadPdfKit()
  const d = new PDFDocument({ autoFirstPage: false })
  d.registerFont('regular', loadFonts().regular)
  return d.font('regular').fontSize(9)
}

describe('fitWords', () => {
  it('breaks a long word into pieces that each fit the width, keeping every character in order', async () => {
    const d = await doc()
    const word = 'Протест'.repeat(3000) + 'x'.repeat(5000)
    const fitted = fitWords(d, `начало ${word} конец`, 200)
    const pieces = fitted.split(/\s+/)
    expect(pieces[0]).toBe('начало')
    expect(pieces.at(-1)).toBe('конец')
    expect(pieces.slice(1, -1).join('')).toBe(word)
    expect(pieces.length).toBeGreaterThan(50)
    for (const p of pieces) expect(d.widthOfString(p)).toBeLessThanOrEqual(200)
  })

  it('leaves text whose words fit as it is', async () => {
    const d = await doc()
    const text = 'Протест игрока №5 отклонён: голосование было проведено верно.'
    expect(fitWords(d, text, 200)).toBe(text)
  })

  it('a protocol with a 12,000-character word in a comment is made, with the whole comment', async () => {
    const header = {
      tournament: 'Кубок',
      stage: 'Отбор',
      round: 1,
      table: 1,
      gameNumber: 1,
      date: '2026-12-01',
      judge: 'Судья',
      rulesetName: 'ФИИМ',
      comments: ['ы'.repeat(12_000)],
    }
    const html = (await exportProtocol(finishedGame(), header, { format: 'html' })).toString('utf8')
    expect(html).toContain('ы'.repeat(12_000))
    const pdf = await exportProtocol(finishedGame(), header, { format: 'pdf' })
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  })
})
