declare module 'autocannon' {
  type Histogram = { average: number; mean: number; min: number; max: number; p50: number; p90: number; p97_5: number; p99: number };
  type Request = { method?: 'GET' | 'POST'; path?: string; headers?: Record<string, string>; body?: string; setupRequest?: (req: Record<string, unknown>) => Record<string, unknown> };
  type Options = { url: string; connections?: number; duration?: number; amount?: number; requests?: Request[]; headers?: Record<string, string> };
  type Result = { requests: Histogram & { total: number }; latency: Histogram; errors: number; non2xx: number; timeouts: number };
  export default function autocannon(opts: Options): Promise<Result>;
}
