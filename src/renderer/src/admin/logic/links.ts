/** Links between the pages, keeping the session token (headless mode) and the language. */
export function controlUrl(loc: Pick<Location, 'search'> = window.location): string {
  const params = new URLSearchParams(loc.search)
  const out = new URLSearchParams()
  const token = params.get('token')
  if (token) out.set('token', token)
  const lang = params.get('lang')
  if (lang) out.set('lang', lang)
  const q = out.toString()
  return q ? `/control?${q}` : '/control'
}
