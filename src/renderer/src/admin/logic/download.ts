/**
 * Files between the page and the contract: base64 from an export → a Blob → a download through a clicked
 * `<a download>` (works in Chromium and in Electron), and a picked file → base64 or text for an upload.
 */
import type { ExportedFile } from '../../../../shared/contract'

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

export function base64ToBlob(base64: string, mime: string): Blob {
  return new Blob([base64ToBytes(base64)], { type: mime })
}

/** UTF-8 text of a base64 payload (an HTML protocol, a JSON file). */
export function base64ToText(base64: string): string {
  return new TextDecoder('utf-8').decode(base64ToBytes(base64))
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  const chunk = 0x8000
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk))
  }
  return btoa(binary)
}

/** Starts a download of an exported file; returns the object URL's Blob (for tests). */
export function downloadFile(file: ExportedFile, doc: Document = document): Blob {
  const blob = base64ToBlob(file.base64, file.mime)
  const url = URL.createObjectURL(blob)
  const a = doc.createElement('a')
  a.href = url
  a.download = file.fileName
  a.rel = 'noopener'
  a.style.display = 'none'
  doc.body.appendChild(a)
  a.click()
  a.remove()
  // The click has handed the URL to the download; release it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
  return blob
}

function readAs(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer()
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as ArrayBuffer)
    reader.onerror = () => reject(reader.error ?? new Error('read failed'))
    reader.readAsArrayBuffer(file)
  })
}

export async function fileToBase64(file: Blob): Promise<string> {
  return bytesToBase64(new Uint8Array(await readAs(file)))
}

/**
 * The text of a picked file in whatever encoding a spreadsheet saved it: a byte-order mark names it (UTF-8, or the
 * UTF-16 of Excel's "Unicode text"); else UTF-8 when the bytes are valid UTF-8, else Windows-1251 (Excel's "CSV"
 * on a Russian Windows). A CSV from Excel then reads «Ник», not «���».
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder('utf-8').decode(bytes)
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes)
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes)
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1251').decode(bytes)
  }
}

export async function fileToText(file: Blob): Promise<string> {
  return decodeText(new Uint8Array(await readAs(file)))
}
