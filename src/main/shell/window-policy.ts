// What the Electron shell lets its window do, as plain functions (no electron import) so that the rules
// are read in one place and tested without the binary: which page may use the bridge, where the page
// comes from, and which links may leave for the system browser.

/** The renderer is served from this origin (a standard, secure scheme of our own), never from file://. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'voa-desk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * Links the window may hand to the system browser, by exact origin. Empty: VOA Desk links nowhere today,
 * so any https URL a page (or an XSS) offers is refused.
 */
export const EXTERNAL_LINK_ORIGINS: readonly string[] = [];

export function mayOpenExternally(url: string, allowed: readonly string[] = EXTERNAL_LINK_ORIGINS): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === 'https:' && allowed.includes(parsed.origin);
}

/** Origin and path of a page URL, without query or fragment: what the sender check compares. */
function pageOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return undefined;
  }
}

/**
 * The page that may use the bridge: the packaged page on app://voa-desk/, or the dev server's page when
 * the app is not packaged and ELECTRON_RENDERER_URL names one.
 */
export function trustedPage(devUrl: string | undefined): string {
  return (devUrl && pageOf(devUrl)) || APP_ENTRY_URL;
}

/** The exact origin and path of our page, in the main frame only (no prefix or substring match). */
export function isTrustedSender(
  frame: { url: string; parent: unknown } | null | undefined,
  page: string,
): boolean {
  if (!frame || frame.parent !== null) return false;
  return pageOf(frame.url) === page;
}
