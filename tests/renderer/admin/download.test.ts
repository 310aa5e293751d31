import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  base64ToBlob,
  base64ToBytes,
  base64ToText,
  bytesToBase64,
  downloadFile,
  fileToBase64,
  fileToText,
} from '../../../src/renderer/src/admin/logic/download'

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

const PK = 'UEsDBBQAAAAIAA==' // "PK\x03\x04\x14\x00\x00\x00\x08\x00"

describe('download helper', () => {
  it('turns base64 into a Blob with the bytes and the type', async () => {
    const blob = base64ToBlob(PK, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(blob.size).toBe(10)
    const bytes = new Uint8Array(await blob.arrayBuffer())
    expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04])
  })

  it('keeps every byte value (binary, not text)', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i)
    const b64 = bytesToBase64(all)
    expect(Buffer.from(b64, 'base64')).toEqual(Buffer.from(all))
    expect([...base64ToBytes(b64)]).toEqual([...all])
  })

  it('decodes UTF-8 text (Cyrillic protocols)', () => {
    const text = '<p>Победа мирных — Ёж</p>'
    expect(base64ToText(Buffer.from(text, 'utf8').toString('base64'))).toBe(text)
  })

  it('clicks a hidden <a download> with the file name and an object URL, then releases it', async () => {
    vi.useFakeTimers()
    const created: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      created.push(b as Blob)
      return 'blob:test/1'
    })
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
    const clicked: Array<{ href: string; download: string; inDom: boolean }> = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({
        href: this.getAttribute('href') ?? '',
        download: this.download,
        inDom: this.isConnected,
      })
    })
    const blob = downloadFile({ fileName: 'standings-1.xlsx', mime: 'application/zip', base64: PK })
    expect(clicked).toEqual([{ href: 'blob:test/1', download: 'standings-1.xlsx', inDom: true }])
    expect(created).toEqual([blob])
    expect(document.querySelector('a[download]')).toBeNull()
    expect(revoke).not.toHaveBeenCalled()
    vi.advanceTimersByTime(10_000)
    expect(revoke).toHaveBeenCalledWith('blob:test/1')
    expect(new Uint8Array(await blob.arrayBuffer())[0]).toBe(0x50)
  })

  it('reads a picked file as base64 (photos) and as UTF-8 text (CSV, exchange files)', async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255])], { type: 'image/png' })
    expect(await fileToBase64(png)).toBe(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255]).toString('base64'))
    const csv = new Blob(['nickname;city\nЩукин;Казань\n'], { type: 'text/csv' })
    expect(await fileToText(csv)).toBe('nickname;city\nЩукин;Казань\n')
  })

  it('reads a CSV that Excel saved in Windows-1251, in UTF-16 or in UTF-8 with a BOM', async () => {
    const text = 'ник;клуб\nЩукин;Казань\n'
    // Windows-1251 bytes, written out here (not by the code under test): «ник;клуб\nЩукин;Казань\n».
    const cp1251 = Uint8Array.from([
      0xed, 0xe8, 0xea, 0x3b, 0xea, 0xeb, 0xf3, 0xe1, 0x0a, 0xd9, 0xf3, 0xea, 0xe8, 0xed, 0x3b, 0xca, 0xe0,
      0xe7, 0xe0, 0xed, 0xfc, 0x0a,
    ])
    expect(await fileToText(new Blob([cp1251]))).toBe(text)
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
    expect(await fileToText(new Blob([new Uint8Array(utf16)]))).toBe(text)
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')])
    expect(await fileToText(new Blob([new Uint8Array(bom)]))).toBe(text)
  })
})
