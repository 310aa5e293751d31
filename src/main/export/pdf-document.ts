/**
 * One way to open a PDF for Mafia Desk's printouts (protocols, diplomas): A4 landscape, the Cyrillic fonts
 * registered as `regular` and `bold`, a fixed creation date (the same game gives the same bytes), and the finished
 * file as a Buffer once the caller ends the document.
 */
import { loadFonts } from './fonts'
import { loadPdfKit } from './heavy'

const FIXED_DATE = new Date(Date.UTC(2000, 0, 1, 0, 0, 0))

export async function openPdf(
  title: string,
  opts: { margin: number; bufferPages?: boolean },
): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const fonts = loadFonts()
  const PDFDocument = await loadPdfKit()
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: opts.margin,
    autoFirstPage: false,
    bufferPages: opts.bufferPages ?? false,
    compress: true,
    info: {
      Title: title,
      Author: 'Mafia Desk',
      Creator: 'Mafia Desk',
      Producer: 'Mafia Desk',
      CreationDate: FIXED_DATE,
      ModDate: FIXED_DATE,
    },
  })
  doc.registerFont('regular', fonts.regular)
  doc.registerFont('bold', fonts.bold)
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolvePdf, reject) => {
    doc.on('end', () => resolvePdf(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  return { doc, done }
}
