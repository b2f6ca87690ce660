// Every call to a provider (LINE, Graph) goes through here, so none can hang a worker: the answer must come
// within the configured timeout (PROVIDER_TIMEOUT_MS), or the call fails like a network error and its job
// retries it with backoff.

/** A provider that did not answer in time. */
export class ProviderTimeoutError extends Error {
  constructor(url: string | URL, timeoutMs: number) {
    super(`${new URL(url).pathname} did not answer within ${timeoutMs} ms`);
    this.name = 'ProviderTimeoutError';
  }
}

export type ProviderFetch = {
  /** A whole API call (answer and body) within the timeout; read the body before the next await elsewhere. */
  (url: string | URL, init?: RequestInit): Promise<Response>;
  /** A download: the timeout covers the start of the answer; the body then streams at its own pace. */
  download(url: string | URL, init?: RequestInit): Promise<Response>;
};

const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/** fetch bounded by `timeoutMs`. */
export function providerFetch(timeoutMs: number): ProviderFetch {
  const call = async (url: string | URL, init: RequestInit | undefined, whole: boolean) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new ProviderTimeoutError(url, timeoutMs)), timeoutMs);
    try {
      const res = await fetch(url, { ...init, signal: controller.signal });
      // An API answer is small: read it under the same bound, so a stalled body cannot hang the caller.
      if (!whole) return res;
      const body = await res.arrayBuffer();
      const head = { status: res.status, statusText: res.statusText, headers: res.headers };
      return new Response(NULL_BODY_STATUSES.has(res.status) ? null : body, head);
    } catch (err) {
      throw controller.signal.aborted ? controller.signal.reason : err;
    } finally {
      clearTimeout(timer);
    }
  };
  return Object.assign((url: string | URL, init?: RequestInit) => call(url, init, true), {
    download: (url: string | URL, init?: RequestInit) => call(url, init, false),
  });
}
