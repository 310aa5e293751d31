/** A player's photo URL: stored paths are relative to the data folder, served under `/photos/`. */
export function photoSrc(photo: string): string {
  if (/^(https?:|data:|blob:|\/)/.test(photo)) return photo
  return `/${photo.replace(/^\.?\/*/, '')}`.replace(/^\/(?!photos\/)/, '/photos/')
}
