/**
 * The export libraries, loaded on the first export instead of at every start: requiring exceljs (with unzipper)
 * and pdfkit took about 260 ms of the server's 390 ms of start-up JavaScript, for files most sessions never write.
 * Each is loaded once; later exports reuse it.
 */
import type ExcelJSNamespace from 'exceljs'
import type PDFKitDocument from 'pdfkit'

type ExcelJS = typeof ExcelJSNamespace
type PDFDocumentClass = typeof PDFKitDocument

let excel: Promise<ExcelJS> | null = null
let pdf: Promise<PDFDocumentClass> | null = null

/** exceljs, CommonJS: its exports arrive as the namespace's default. */
export function loadExcel(): Promise<ExcelJS> {
  excel ??= import('exceljs').then((m) => (m as { default?: ExcelJS }).default ?? (m as unknown as ExcelJS))
  return excel
}

/** pdfkit's document class. */
export function loadPdfKit(): Promise<PDFDocumentClass> {
  pdf ??= import('pdfkit').then(
    (m) => (m as { default?: PDFDocumentClass }).default ?? (m as unknown as PDFDocumentClass),
  )
  return pdf
}
