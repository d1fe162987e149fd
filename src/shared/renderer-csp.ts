// The renderer's Content Security Policy: one declaration for the built page (a meta tag, and a response
// header where main or the browser shell serves it) and for the dev server.

/** Built pages: our own scripts and styles only, no inline code, no network except our own origin. */
export const RENDERER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
  // The customer desk shows a portal PDF in the app's own viewer: a blob: URL made by the renderer.
  'frame-src blob:',
].join('; ');

/**
 * The dev server (`npm run dev`, never packaged): React refresh needs its inline preamble, Vite injects
 * styles as inline <style> elements and reloads over a WebSocket to the dev server. Everything else stays
 * as strict as the built page.
 */
export const RENDERER_DEV_CSP = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self' ws://localhost:* ws://127.0.0.1:*",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');
