/**
 * Image providers behind one interface (docs/ai-drawing.md, "Providers"): the OpenAI-compatible
 * images API (POST {base}/v1/images/generations), the Stable Diffusion WebUI API (POST
 * {base}/sdapi/v1/txt2img), and the built-in sandbox that draws a deterministic picture from the
 * prompt and seed on this machine (labelled 沙箱) so the whole section works offline.
 *
 * A provider returns one encoded picture (PNG/JPEG/WebP); the job worker stores it through the image
 * module (re-encoded, watermarked). Errors: ProviderError; `retryable` ones (network, 429, 5xx,
 * time-outs) are tried again with back-off, the others fail the job at once.
 */
import { createHash } from 'node:crypto'
import sharp from 'sharp'

export interface ImageRequest {
  prompt: string
  negativePrompt: string
  /** the style preset's value (an English word the prompt is completed with) */
  style: string
  width: number
  height: number
  seed: number
  signal: AbortSignal
  /** fraction 0…1 of this picture (providers that know it) */
  onProgress?: (fraction: number) => void
}

export interface ImageProvider {
  /** stored on the job; 'sandbox' | 'openai' | 'sdwebui' */
  name: string
  /** shown on the create page */
  label: string
  sandbox: boolean
  generate(request: ImageRequest): Promise<Buffer>
}

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message)
  }
}

export interface AiProviderConfig {
  /** 'sandbox' | 'openai' | 'sdwebui' | 'off' */
  provider: string
  baseUrl?: string
  apiKey?: string
  model?: string
  /** sandbox: how long one picture takes (ms), reported in a few progress steps */
  sandboxLatencyMs?: number
}

const fullPrompt = (r: ImageRequest) => (r.style ? `${r.prompt}, ${r.style} style` : r.prompt)

async function post(url: string, body: unknown, headers: Record<string, string>, signal: AbortSignal) {
  let res: Response
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal,
    })
  } catch (err) {
    if (signal.aborted) throw err
    throw new ProviderError(`provider unreachable: ${(err as Error).message}`, true)
  }
  if (!res.ok) {
    const text = (await res.text().catch(() => '')).slice(0, 300)
    throw new ProviderError(
      `provider answered ${res.status}: ${text}`,
      res.status === 429 || res.status >= 500,
    )
  }
  try {
    return (await res.json()) as unknown
  } catch {
    throw new ProviderError('provider answered no JSON', true)
  }
}

const trimSlash = (base: string) => base.replace(/\/+$/, '')

function decodeBase64Image(b64: unknown): Buffer {
  if (typeof b64 !== 'string' || b64.length === 0) throw new ProviderError('provider answered no image', true)
  return Buffer.from(b64.replace(/^data:image\/\w+;base64,/, ''), 'base64')
}

/** OpenAI-compatible: POST {base}/v1/images/generations, one picture as base64 (or a URL fetched once). */
export function openAiProvider(cfg: { baseUrl: string; apiKey?: string; model?: string }): ImageProvider {
  const base = trimSlash(cfg.baseUrl)
  return {
    name: 'openai',
    label: cfg.model ? `OpenAI 兼容（${cfg.model}）` : 'OpenAI 兼容',
    sandbox: false,
    async generate(r) {
      const body: Record<string, unknown> = {
        prompt: r.negativePrompt ? `${fullPrompt(r)}. Avoid: ${r.negativePrompt}` : fullPrompt(r),
        n: 1,
        size: `${r.width}x${r.height}`,
        response_format: 'b64_json',
      }
      if (cfg.model) body.model = cfg.model
      const answer = (await post(
        `${base}/v1/images/generations`,
        body,
        cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {},
        r.signal,
      )) as { data?: Array<{ b64_json?: string; url?: string }> }
      const first = answer.data?.[0]
      if (first?.b64_json) return decodeBase64Image(first.b64_json)
      if (first?.url) {
        const res = await fetch(first.url, { signal: r.signal }).catch((err: unknown) => {
          if (r.signal.aborted) throw err
          throw new ProviderError('image URL unreachable', true)
        })
        if (!res.ok) throw new ProviderError(`image URL answered ${res.status}`, res.status >= 500)
        return Buffer.from(await res.arrayBuffer())
      }
      throw new ProviderError('provider answered no image', true)
    },
  }
}

/** Stable Diffusion WebUI (AUTOMATIC1111 and compatibles): POST {base}/sdapi/v1/txt2img. */
export function sdWebUiProvider(cfg: { baseUrl: string; apiKey?: string; model?: string }): ImageProvider {
  const base = trimSlash(cfg.baseUrl)
  // --api-auth user:password → Basic; anything else → Bearer (proxies in front of the WebUI)
  const auth: Record<string, string> = !cfg.apiKey
    ? {}
    : cfg.apiKey.includes(':')
      ? { authorization: `Basic ${Buffer.from(cfg.apiKey).toString('base64')}` }
      : { authorization: `Bearer ${cfg.apiKey}` }
  return {
    name: 'sdwebui',
    label: cfg.model ? `Stable Diffusion（${cfg.model}）` : 'Stable Diffusion',
    sandbox: false,
    async generate(r) {
      const body: Record<string, unknown> = {
        prompt: fullPrompt(r),
        negative_prompt: r.negativePrompt,
        width: r.width,
        height: r.height,
        seed: r.seed,
        steps: 25,
        batch_size: 1,
        n_iter: 1,
      }
      if (cfg.model) body.override_settings = { sd_model_checkpoint: cfg.model }
      const answer = (await post(`${base}/sdapi/v1/txt2img`, body, auth, r.signal)) as { images?: string[] }
      return decodeBase64Image(answer.images?.[0])
    },
  }
}

function hashBytes(text: string): Buffer {
  return createHash('sha256').update(text).digest()
}

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)

/**
 * The sandbox's picture: gradients, circles and polygons whose colours and places come from
 * sha256(prompt + negative + style + seed) — the same request always gives the same picture —
 * with the label 沙箱 in the top-left corner. Pure SVG rendered by sharp.
 */
export function sandboxSvg(r: Omit<ImageRequest, 'signal' | 'onProgress'>): string {
  const { width: w, height: h } = r
  const key = `${r.prompt}\u0000${r.negativePrompt}\u0000${r.style}\u0000${r.seed}`
  let bytes = hashBytes(key)
  let at = 0
  const next = () => {
    if (at >= bytes.length) {
      bytes = hashBytes(bytes.toString('hex'))
      at = 0
    }
    return bytes[at++]!
  }
  const hue = () => Math.round((next() / 255) * 360)
  const colour = (l = 55) => `hsl(${hue()}, ${50 + (next() % 40)}%, ${l - 10 + (next() % 20)}%)`
  const parts: string[] = []
  parts.push(
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="${next() % 2}" y2="1">` +
      `<stop offset="0" stop-color="${colour(35)}"/><stop offset="1" stop-color="${colour(65)}"/></linearGradient>` +
      `<radialGradient id="glow"><stop offset="0" stop-color="${colour(80)}" stop-opacity="0.9"/>` +
      `<stop offset="1" stop-color="${colour(50)}" stop-opacity="0"/></radialGradient></defs>`,
  )
  parts.push(`<rect width="${w}" height="${h}" fill="url(#bg)"/>`)
  const shapes = 6 + (next() % 6)
  for (let i = 0; i < shapes; i++) {
    const x = Math.round((next() / 255) * w)
    const y = Math.round((next() / 255) * h)
    const size = Math.round(((20 + (next() % 60)) / 100) * Math.min(w, h) * 0.5)
    const opacity = (0.25 + (next() % 50) / 100).toFixed(2)
    if (next() % 3 === 0) {
      const points = Array.from({ length: 3 + (next() % 3) }, () => {
        const a = (next() / 255) * Math.PI * 2
        return `${Math.round(x + Math.cos(a) * size)},${Math.round(y + Math.sin(a) * size)}`
      }).join(' ')
      parts.push(`<polygon points="${points}" fill="${colour()}" fill-opacity="${opacity}"/>`)
    } else {
      parts.push(`<circle cx="${x}" cy="${y}" r="${size}" fill="${colour()}" fill-opacity="${opacity}"/>`)
    }
  }
  parts.push(
    `<circle cx="${Math.round(w * 0.5)}" cy="${Math.round(h * 0.45)}" r="${Math.round(Math.min(w, h) * 0.3)}" fill="url(#glow)"/>`,
  )
  const font = Math.max(16, Math.round(Math.min(w, h) * 0.05))
  parts.push(
    `<g font-family="'WenQuanYi Zen Hei','Noto Sans CJK SC','Microsoft YaHei',sans-serif" font-weight="bold">` +
      `<rect x="${font * 0.5}" y="${font * 0.5}" rx="${font * 0.3}" width="${font * 3.4}" height="${font * 1.6}" fill="#000" fill-opacity="0.45"/>` +
      `<text x="${font * 0.9}" y="${font * 1.75}" font-size="${font}" fill="#fff">沙箱</text>` +
      `<text x="${font * 0.5}" y="${font * 2.9}" font-size="${Math.round(font * 0.6)}" fill="#fff" fill-opacity="0.8">${escapeXml(
        [...r.prompt].slice(0, 40).join(''),
      )} · seed ${r.seed}</text></g>`,
  )
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join('')}</svg>`
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error)
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason as Error)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })

/**
 * The built-in sandbox: plays a provider on this machine (latency in a few progress steps, then a
 * deterministic PNG). A prompt containing `[sandbox-fail]` fails retryably and `[sandbox-refuse]`
 * fails for good, so the retry and failure paths can be exercised offline.
 */
export function sandboxProvider(opts: { latencyMs?: number } = {}): ImageProvider {
  const latency = Math.max(0, opts.latencyMs ?? 300)
  return {
    name: 'sandbox',
    label: '沙箱（本机生成，非真实 AI）',
    sandbox: true,
    async generate(r) {
      const steps = 4
      for (let i = 1; i <= steps; i++) {
        await sleep(latency / steps, r.signal)
        r.onProgress?.(i / (steps + 1))
      }
      if (r.prompt.includes('[sandbox-fail]')) throw new ProviderError('sandbox: simulated outage', true)
      if (r.prompt.includes('[sandbox-refuse]')) throw new ProviderError('sandbox: refused', false)
      return sharp(Buffer.from(sandboxSvg(r)))
        .png({ compressionLevel: 1 })
        .toBuffer()
    },
  }
}

/** The provider the configuration names, or null (AI drawing switched off). */
export function providerFrom(cfg: AiProviderConfig): ImageProvider | null {
  switch (cfg.provider) {
    case 'sandbox':
      return sandboxProvider({ latencyMs: cfg.sandboxLatencyMs })
    case 'openai':
    case 'sdwebui': {
      if (!cfg.baseUrl) throw new Error(`AI_PROVIDER=${cfg.provider} needs AI_BASE_URL`)
      const c = { baseUrl: cfg.baseUrl, apiKey: cfg.apiKey, model: cfg.model }
      return cfg.provider === 'openai' ? openAiProvider(c) : sdWebUiProvider(c)
    }
    case 'off':
    case '':
      return null
    default:
      throw new Error(`AI_PROVIDER must be sandbox, openai, sdwebui or off, got "${cfg.provider}"`)
  }
}
