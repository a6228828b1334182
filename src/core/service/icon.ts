/**
 * Package icons become `data:` URLs for an <img>, and only for raster images and SVG. An SVG in
 * <img> runs no script and loads nothing, which is why icons are never inlined into the page.
 */
const ALLOWED = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml']);

export interface IconResult {
  dataUrl?: string;
  note?: string;
}

export function iconDataUrl(icon: { base64data: string; mediatype: string } | undefined): IconResult {
  if (!icon || !icon.base64data) return {};
  const mediatype = icon.mediatype.trim().toLowerCase();
  if (!ALLOWED.has(mediatype)) {
    return {
      note: `The icon is not shown: mediatype ${JSON.stringify(icon.mediatype)} is not an image type FBC Studio displays.`,
    };
  }
  // Go's base64 decoder skips \r and \n; anything else outside the alphabet cannot be a valid icon.
  const data = icon.base64data.replace(/[\r\n]/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data))
    return { note: 'The icon is not shown: its base64data is not valid base64.' };
  return { dataUrl: `data:${mediatype};base64,${data}` };
}
