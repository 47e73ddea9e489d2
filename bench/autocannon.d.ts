/** The part of autocannon 9 (plain JavaScript, no bundled types) that bench/load.ts uses. */
declare module 'autocannon' {
  export interface AutocannonOptions {
    url: string;
    /** Concurrent connections; default 10. */
    connections?: number;
    /** Seconds to run. */
    duration?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Seconds before a request counts as timed out; default 10. */
    timeout?: number;
  }

  export interface Histogram {
    average: number;
    p99: number;
    total: number;
  }

  export interface AutocannonResult {
    /** Requests per second, sampled each second. */
    requests: Histogram;
    /** Milliseconds. */
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }

  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
  export default autocannon;
}
