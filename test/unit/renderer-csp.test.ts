// The renderer's Content Security Policy in both builds: the strict one in built pages, and one for the
// dev server too (its React refresh needs an inline script), from the one declaration in src/shared.
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import config from '../../electron.vite.config.ts';
import { RENDERER_CSP, RENDERER_DEV_CSP } from '../../src/shared/renderer-csp.ts';

function cspTagFor(server: boolean): unknown {
  const plugins = (config.renderer?.plugins ?? []).flat() as Plugin[];
  const csp = plugins.find((plugin) => plugin?.name === 'voa-desk-csp');
  const transform = csp?.transformIndexHtml as (html: string, context: { server?: object }) => unknown;
  return transform('', server ? { server: {} } : {});
}

describe('renderer CSP', () => {
  it('built pages carry the strict policy: own scripts and styles only, nothing inline, no eval', () => {
    expect(cspTagFor(false)).toEqual([
      expect.objectContaining({ attrs: { 'http-equiv': 'Content-Security-Policy', content: RENDERER_CSP } }),
    ]);
    expect(RENDERER_CSP).toMatch(/script-src 'self';/);
    expect(RENDERER_CSP).not.toMatch(/unsafe-(inline|eval)/);
  });

  it('the dev server gets a policy too, allowing only what React refresh and HMR need', () => {
    expect(cspTagFor(true)).toEqual([
      expect.objectContaining({
        attrs: { 'http-equiv': 'Content-Security-Policy', content: RENDERER_DEV_CSP },
      }),
    ]);
    expect(RENDERER_DEV_CSP).toMatch(/default-src 'none'/);
    expect(RENDERER_DEV_CSP).not.toMatch(/unsafe-eval|https?:/);
  });
});
