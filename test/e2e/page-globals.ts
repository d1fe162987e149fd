// What the page offers to code a test runs inside it (page.evaluate): the bridge, typed as the renderer
// sees it, and axe-core once a test has injected it, so such code type-checks instead of casting window.
import type AxeCore from 'axe-core';
import type { VoaApi } from '../../src/shared/bridge/api.ts';

declare global {
  interface Window {
    voa?: VoaApi;
    /** axe-core, once the accessibility check has put it into the page. */
    axe?: typeof AxeCore;
  }
}

export {};
