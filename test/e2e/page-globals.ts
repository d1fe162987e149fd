// What the page offers to code a test runs inside it (page.evaluate): the bridge, typed as the renderer
// sees it, so such code type-checks instead of casting window.
import type { VoaApi } from '../../src/shared/bridge/api.ts';

declare global {
  interface Window {
    voa?: VoaApi;
  }
}

export {};
