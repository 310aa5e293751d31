/** The start page's addresses: the pages of this server and one overlay URL per layout, with its size for OBS. */
import { LAYOUT_SIZES, type LayoutName } from '../overlay/params'

export interface OverlayLink {
  layout: LayoutName
  url: string
  width: number
  height: number
}

export function overlayLinks(origin: string): OverlayLink[] {
  return (Object.keys(LAYOUT_SIZES) as LayoutName[]).map((layout) => ({
    layout,
    url: layout === 'full' ? `${origin}/overlay` : `${origin}/overlay?layout=${layout}`,
    ...LAYOUT_SIZES[layout],
  }))
}
