/**
 * The app's Content-Security-Policy (issue #19). A catalog is untrusted input: its descriptions,
 * icons and links must never make the browser fetch from anywhere but the app itself, and no
 * script can run unless it is one of the app's own files.
 *
 * - scripts and workers: the app's files only (the catalog worker and Monaco's workers are bundled
 *   files; `blob:` is allowed for workers, which Monaco falls back to); no inline script, no eval;
 * - styles: the app's files plus inline styles (React `style` attributes, Monaco's and Cytoscape's
 *   injected rules): styles cannot fetch once img/font/connect are closed;
 * - images: the app's files, `data:` (icons are base64 in the catalog) and `blob:` (PNG export);
 * - everything else, remote origins included, is refused.
 *
 * Set as a `<meta>` in the built index.html (so any static host serves it) and as a header by
 * `vite preview`; not in the dev server, whose React refresh runs an inline script.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');
