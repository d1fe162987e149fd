// Which proxy a host call goes through. The proxy variables (HTTPS_PROXY, HTTP_PROXY, NO_PROXY, also in
// lower case) win, as they always did; without them the desktop app asks the system (Electron's
// session.resolveProxy, which follows the OS settings and a PAC script), and other shells go direct.
// Corporate Windows PCs usually have a system or PAC proxy and no variables.

import type { ProxyChoice } from '../../../shared/bridge/settings-calls.ts';

/** Asks the system which proxy a URL goes through; answers in PAC form ("PROXY host:port; DIRECT"). */
export type SystemProxyResolver = (url: string) => Promise<string>;

export type { ProxyChoice };

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** The proxy variables' choice for a URL, as undici's EnvHttpProxyAgent makes it; undefined when none is set. */
export function proxyFromVariables(target: string, env: NodeJS.ProcessEnv): ProxyChoice | undefined {
  const httpProxy = env.http_proxy ?? env.HTTP_PROXY;
  const httpsProxy = env.https_proxy ?? env.HTTPS_PROXY ?? httpProxy;
  if (!httpProxy && !httpsProxy) return undefined;
  const url = new URL(target);
  const proxy = url.protocol === 'https:' ? httpsProxy : httpProxy;
  if (!proxy || bypassed(url, env.no_proxy ?? env.NO_PROXY ?? ''))
    return { kind: 'direct', source: 'variables' };
  return { kind: 'proxy', url: proxy, source: 'variables' };
}

/** NO_PROXY: `*`, or hosts (with their subdomains, a leading `.` or `*.` ignored), each with an optional port. */
function bypassed(url: URL, noProxy: string): boolean {
  if (noProxy.trim() === '*') return true;
  const hostname = url.host.replace(/:\d*$/, '').toLowerCase();
  const port = Number.parseInt(url.port, 10) || DEFAULT_PORTS[url.protocol] || 0;
  return noProxy
    .split(/[,\s]/)
    .filter(Boolean)
    .some((entry) => {
      const parsed = /^(.+):(\d+)$/.exec(entry);
      const host = (parsed ? (parsed[1] as string) : entry).replace(/^\*?\./, '').toLowerCase();
      if (parsed && Number(parsed[2]) !== port) return false;
      return hostname === host || hostname.endsWith(`.${host}`);
    });
}

/**
 * The first entry of a PAC answer that undici can use: PROXY (an HTTP proxy, CONNECT for https) or HTTPS
 * (a proxy spoken to over TLS), or DIRECT. SOCKS entries are skipped: undici has no SOCKS proxy agent, and
 * a PAC script that offers only SOCKS is told as such by the connection test rather than ignored.
 */
export function proxyFromPac(answer: string): ProxyChoice | undefined {
  for (const entry of answer
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [kind, address] = entry.split(/\s+/) as [string, string | undefined];
    const upper = kind.toUpperCase();
    if (upper === 'DIRECT') return { kind: 'direct', source: 'system' };
    if ((upper === 'PROXY' || upper === 'HTTPS') && address)
      return { kind: 'proxy', url: `${upper === 'HTTPS' ? 'https' : 'http'}://${address}`, source: 'system' };
  }
  return undefined;
}

/** The variables first; then the system, when this shell can ask it; else direct. */
export async function chooseProxy(
  target: string,
  options: { env: NodeJS.ProcessEnv; resolveSystem?: SystemProxyResolver | undefined },
): Promise<ProxyChoice> {
  const fromVariables = proxyFromVariables(target, options.env);
  if (fromVariables) return fromVariables;
  if (!options.resolveSystem) return { kind: 'direct', source: 'none' };
  const answer = await options.resolveSystem(target);
  const fromSystem = proxyFromPac(answer);
  if (!fromSystem)
    throw new Error(
      `The system's proxy settings offer no proxy VOA Desk can use for ${new URL(target).origin} ("${answer}"): only HTTP(S) proxies are supported. Set HTTPS_PROXY.`,
    );
  return fromSystem;
}

/** The proxy without credentials (a proxy URL may carry user:password), as Test connection shows it. */
export function withoutCredentials(choice: ProxyChoice): ProxyChoice {
  if (choice.kind === 'direct') return choice;
  const url = new URL(choice.url);
  return { ...choice, url: `${url.protocol}//${url.host}` };
}
