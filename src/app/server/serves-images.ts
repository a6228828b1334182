/**
 * Whether the local server of `fbc-studio open` pulls images for the app ("Open image…", "Add
 * bundle by image reference…"; ./images.ts; a template's images, the repository bar): its `<meta
 * name="fbc-studio-served">` says so. Apart from ./start.ts so only lazy parts (the palette, the
 * repository bar) carry it: the initial JS is at its budget.
 */
export function servesImages(): boolean {
  return served().images === true;
}

/** Whether it also pulls a template's bundle images no catalog holds, for a render (POST /api/images/bundles). */
export function servesTemplateImages(): boolean {
  return served().bundles === true;
}

function served(): { images?: boolean; bundles?: boolean } {
  const content = document.querySelector<HTMLMetaElement>('meta[name="fbc-studio-served"]')?.content;
  return content ? (JSON.parse(content) as { images?: boolean; bundles?: boolean }) : {};
}
