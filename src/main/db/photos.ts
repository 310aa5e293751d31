/** Player photo checks: the type comes from the file's magic bytes, never from its name. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024

export type ImageType = 'png' | 'jpeg' | 'webp'

export const IMAGE_EXTENSIONS: Record<ImageType, string> = { png: '.png', jpeg: '.jpg', webp: '.webp' }

/** Needs the first 12 bytes of the file. */
export function detectImageType(head: Uint8Array): ImageType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return 'png'
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg'
  const ascii = (from: number, to: number): string => String.fromCharCode(...head.subarray(from, to))
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
  return null
}
