/**
 * The export libraries, loaded on the first export instead of at every start: requiring exceljs (with unzipper)
 * and pdfkit took about 260 ms of the server's 390 ms of start-up JavaScript, for files most sessions never write.
 * Each is loaded once; later exports reuse it.
 */

/** A CommonJS module's exports (the namespace's default), imported on the first call and kept. */
function lazyDefault<T>(load: () => Promise<{ default: T }>): () => Promise<T> {
  let loaded: Promise<T> | null = null
  return () => (loaded ??= load().then((m) => m.default))
}

export const loadExcel = lazyDefault(() => import('exceljs'))
export const loadPdfKit = lazyDefault(() => import('pdfkit'))
