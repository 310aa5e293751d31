/**
 * The game protocol as PDF (pdfkit): A4 landscape like the paper FIIM protocol, DejaVu fonts embedded,
 * deterministic bytes (fixed metadata and creation date).
 */
import { openPdf } from './pdf-document'
import type { ProtocolModel, TableBlock } from './protocol-model'
import { labels } from './i18n'

type Doc = PDFKit.PDFDocument

const PAGE = { width: 841.89, height: 595.28, margin: 26 }
const INK = '#111111'
const GRID = '#555555'
const SHADE = '#e6e6e6'
const MUTED = '#555555'
const ALERT = '#b00020'

interface TableStyle {
  fontSize: number
  pad: number
}

function contentWidth(): number {
  return PAGE.width - 2 * PAGE.margin
}

function bottomLimit(): number {
  return PAGE.height - PAGE.margin
}

function colWidths(block: TableBlock, width: number): number[] {
  const total = block.columns.reduce((s, c) => s + c.width, 0)
  return block.columns.map((c) => (c.width / total) * width)
}

/**
 * Breaks every word wider than `width` (at the document's current font and size) into pieces that fit, one per
 * line, measuring each character once. pdfkit breaks such a word itself by measuring ever longer prefixes, a cost
 * that grows with the square of the word's length (a 12,000-character comment took 15 s and 564 MB); with this the
 * protocol's cost is linear in its text. Words that fit are left to pdfkit's wrapping.
 */
export function fitWords(doc: Doc, text: string, width: number): string {
  if (!(width > 0)) return text
  const room = width * 0.98 // kerning between pieces' characters is not measured
  const widths = new Map<string, number>()
  const widthOf = (ch: string): number => {
    let w = widths.get(ch)
    if (w === undefined) widths.set(ch, (w = doc.widthOfString(ch)))
    return w
  }
  // A run between spaces and hyphens: pdfkit breaks after a hyphen itself.
  return text.replace(/[^\s\-\u2010-\u2014/]{8,}/g, (word) => {
    let total = 0
    for (const ch of word) total += widthOf(ch)
    if (total <= room) return word
    const parts: string[] = []
    let part = ''
    let used = 0
    for (const ch of word) {
      const w = widthOf(ch)
      if (used + w > room && part !== '') {
        parts.push(part)
        part = ''
        used = 0
      }
      part += ch
      used += w
    }
    if (part !== '') parts.push(part)
    return parts.join('\n')
  })
}

function rowHeight(doc: Doc, cells: string[], widths: number[], style: TableStyle, bold: boolean): number {
  doc.font(bold ? 'bold' : 'regular').fontSize(style.fontSize)
  let h = 0
  cells.forEach((text, i) => {
    const w = widths[i] - 2 * style.pad
    h = Math.max(
      h,
      doc.heightOfString(text === '' ? ' ' : fitWords(doc, text, w), { width: w, lineGap: 0.5 }),
    )
  })
  return h + 2 * style.pad
}

function drawRow(
  doc: Doc,
  block: TableBlock,
  cells: string[],
  x: number,
  y: number,
  widths: number[],
  h: number,
  style: TableStyle,
  head: boolean,
): void {
  let cx = x
  cells.forEach((text, i) => {
    const w = widths[i]
    if (head) doc.rect(cx, y, w, h).fillAndStroke(SHADE, GRID)
    else doc.rect(cx, y, w, h).stroke(GRID)
    doc
      .fillColor(INK)
      .font(head ? 'bold' : 'regular')
      .fontSize(style.fontSize)
      .text(fitWords(doc, text, w - 2 * style.pad), cx + style.pad, y + style.pad, {
        width: w - 2 * style.pad,
        align: head ? 'center' : (block.columns[i].align ?? 'left'),
        lineGap: 0.5,
      })
    cx += w
  })
}

/** Draws a titled table; breaks onto a new page (repeating the head row) when it runs out of room. */
function drawTable(
  doc: Doc,
  block: TableBlock,
  x: number,
  y: number,
  width: number,
  style: TableStyle,
  onNewPage: () => number,
): number {
  const widths = colWidths(block, width)
  doc.lineWidth(0.6)
  const headCells = block.columns.map((c) => c.label)
  const headH = rowHeight(doc, headCells, widths, style, true)
  // Never leave a title and a head row alone at the foot of a page.
  const titleH = block.title === '' ? 0 : style.fontSize + 5
  const firstH = block.rows.length > 0 ? rowHeight(doc, block.rows[0], widths, style, false) : headH
  if (y + titleH + headH + firstH > bottomLimit()) y = onNewPage()
  if (block.title !== '') {
    doc
      .font('bold')
      .fontSize(style.fontSize + 1.5)
      .fillColor(INK)
      .text(block.title, x, y, { lineBreak: false })
    y += titleH
  }
  drawRow(doc, block, headCells, x, y, widths, headH, style, true)
  y += headH
  if (block.rows.length === 0) {
    // One cell across the whole table saying there is nothing ("нет").
    doc.font('regular').fontSize(style.fontSize)
    const text = fitWords(doc, block.emptyText ?? '', width - 2 * style.pad)
    const h = doc.heightOfString(text === '' ? ' ' : text, { width: width - 2 * style.pad }) + 2 * style.pad
    doc.rect(x, y, width, h).stroke(GRID)
    doc.fillColor(INK).text(text, x + style.pad, y + style.pad, { width: width - 2 * style.pad })
    return y + h
  }
  const rows = block.rows
  for (const cells of rows) {
    const h = rowHeight(doc, cells, widths, style, false)
    if (y + h > bottomLimit()) {
      y = onNewPage()
      drawRow(doc, block, headCells, x, y, widths, headH, style, true)
      y += headH
    }
    drawRow(doc, block, cells, x, y, widths, h, style, false)
    y += h
  }
  return y
}

function drawPairs(
  doc: Doc,
  pairs: Array<[string, string]>,
  x: number,
  y: number,
  width: number,
  size: number,
): number {
  const labelW = Math.min(130, width * 0.34)
  for (const [longLabel, longValue] of pairs) {
    doc.font('bold').fontSize(size).fillColor(INK)
    const label = fitWords(doc, longLabel, labelW - 4)
    const value = fitWords(doc.font('regular'), longValue, width - labelW)
    doc.font('bold')
    const h = Math.max(
      doc.heightOfString(label, { width: labelW - 4 }),
      doc.font('regular').heightOfString(value, { width: width - labelW }),
    )
    doc.font('bold').text(label, x, y, { width: labelW - 4 })
    doc.font('regular').text(value, x + labelW, y, { width: width - labelW })
    y += h + 3
  }
  return y
}

function drawHeaderGrid(
  doc: Doc,
  pairs: Array<[string, string]>,
  x: number,
  y: number,
  width: number,
): number {
  const perRow = 4
  const cellW = width / perRow
  const cellH = 26
  doc.lineWidth(0.6)
  pairs.forEach(([label, value], i) => {
    const cx = x + (i % perRow) * cellW
    const cy = y + Math.floor(i / perRow) * cellH
    doc.rect(cx, cy, cellW, cellH).stroke(GRID)
    doc
      .font('regular')
      .fontSize(6.5)
      .fillColor(MUTED)
      .text(label.toUpperCase(), cx + 4, cy + 3, {
        width: cellW - 8,
        lineBreak: false,
      })
    doc
      .font('bold')
      .fontSize(9.5)
      .fillColor(INK)
      .text(value, cx + 4, cy + 12, {
        width: cellW - 8,
        height: 12,
        ellipsis: true,
        lineBreak: false,
      })
  })
  return y + Math.ceil(pairs.length / perRow) * cellH
}

function drawTitle(doc: Doc, model: ProtocolModel, subtitle: string | null): number {
  const x = PAGE.margin
  let y = PAGE.margin
  doc.font('bold').fontSize(15).fillColor(INK).text(model.title, x, y, { lineBreak: false })
  if (subtitle !== null) {
    const tw = doc.widthOfString(model.title)
    const markRoom = model.unfinishedMark === null ? 0 : 150
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(MUTED)
      .text(subtitle, x + tw + 12, y + 4, {
        width: contentWidth() - tw - 12 - markRoom,
        height: 12,
        ellipsis: true,
        lineBreak: false,
      })
  }
  if (model.unfinishedMark !== null) {
    doc.font('bold').fontSize(12)
    const w = doc.widthOfString(model.unfinishedMark) + 16
    const bx = PAGE.width - PAGE.margin - w
    doc
      .lineWidth(1.5)
      .rect(bx, y - 2, w, 20)
      .stroke(ALERT)
    doc.fillColor(ALERT).text(model.unfinishedMark, bx + 8, y + 2, { lineBreak: false })
    doc.fillColor(INK)
  }
  y += 24
  return y
}

export async function renderProtocolPdf(model: ProtocolModel): Promise<Buffer> {
  const { doc, done } = await openPdf(model.title, { margin: PAGE.margin, bufferPages: true })

  const width = contentWidth()
  const x = PAGE.margin
  const newPage = (): number => {
    doc.addPage()
    return drawTitle(doc, model, model.gameLine)
  }

  // Page 1: header, seats, result + nights, days.
  doc.addPage()
  let y = drawTitle(doc, model, null)
  y = drawHeaderGrid(doc, model.header, x, y, width) + 8
  y = drawTable(doc, model.seats, x, y, width, { fontSize: 9, pad: 3.5 }, newPage) + 10

  const leftW = width * 0.44
  const gap = 14
  const rightX = x + leftW + gap
  const rightW = width - leftW - gap
  const topY = y
  doc.font('bold').fontSize(9.5).fillColor(INK).text(model.resultTitle, x, topY, { lineBreak: false })
  const yLeft = drawPairs(doc, model.result, x, topY + 13, leftW, 8.5)
  const yRight = drawTable(doc, model.nights, rightX, topY, rightW, { fontSize: 8, pad: 2.5 }, newPage)
  y = Math.max(yLeft, yRight) + 10
  y = drawTable(doc, model.days, x, y, width, { fontSize: 8, pad: 2.5 }, newPage)

  // Page 2: reasons of extra points and penalties, fouls, comments, signatures.
  doc.addPage()
  y = drawTitle(doc, model, `${model.page2Title} — ${model.gameLine}`)
  y = drawTable(doc, model.reasons, x, y, width, { fontSize: 8.5, pad: 3 }, newPage) + 12
  y = drawTable(doc, model.fouls, x, y, width, { fontSize: 8.5, pad: 3 }, newPage) + 12

  if (y + 120 > bottomLimit()) y = newPage()
  doc.font('bold').fontSize(10).fillColor(INK).text(model.commentsTitle, x, y, { lineBreak: false })
  y += 15
  doc.font('regular').fontSize(9)
  for (const comment of model.comments) {
    const c = fitWords(doc, comment, width)
    const h = doc.heightOfString(c, { width })
    if (y + h > bottomLimit()) y = newPage()
    doc.text(c, x, y, { width })
    y += h + 3
  }
  // Ruled lines for handwritten comments.
  doc.lineWidth(0.4)
  const lines = Math.max(2, Math.min(6, Math.floor((bottomLimit() - 40 - y) / 18)))
  for (let i = 0; i < lines; i++) {
    y += 18
    doc
      .moveTo(x, y)
      .lineTo(x + width, y)
      .stroke(GRID)
  }
  y += 26
  if (y + 20 > bottomLimit()) y = newPage()
  const sigW = width / model.signatures.length
  model.signatures.forEach((s, i) => {
    const sx = x + i * sigW
    doc.font('regular').fontSize(9).fillColor(INK).text(`${s}:`, sx, y, { lineBreak: false })
    const lw = doc.widthOfString(`${s}:`) + 6
    doc
      .moveTo(sx + lw, y + 10)
      .lineTo(sx + sigW - 20, y + 10)
      .stroke(GRID)
  })

  // Every page: "page N of M", the game line and its id (the signatures are on the last page).
  const L = labels(model.lang)
  const range = doc.bufferedPageRange()
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i)
    const bottom = doc.page.margins.bottom
    doc.page.margins.bottom = 0 // writing in the margin must not open a new page
    const text = [L.pageOf(i - range.start + 1, range.count), model.footer].filter(Boolean).join(' · ')
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(text, x, PAGE.height - PAGE.margin + 8, { width, align: 'right', lineBreak: false })
    doc.page.margins.bottom = bottom
  }
  doc.end()
  return done
}
