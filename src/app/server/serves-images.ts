/**
 * Whether the local server of `fbc-studio open` pulls images for the app ("Open image…", "Add
 * bundle by image reference…"; ./images.ts): its `<meta name="fbc-studio-served">` says so. Apart
 * from ./start.ts so only the (lazy) palette carries it: the initial JS is at its budget.
 */
export function servesImages(): boolean {
  const content = document.querySelector<HTMLMetaElement>('meta[name="fbc-studio-served"]')?.content;
  return content ? (JSON.parse(content) as { images?: boolean }).images === true : false;
}
