import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openAiProvider, ProviderError, providerFrom, sdWebUiProvider } from './providers'

/** A stand-in for the outside services: records each request and answers as they do. */
describe('provider adapters', () => {
  let server: Server
  let base: string
  const seen: Array<{ url: string; auth: string | undefined; body: Record<string, unknown> }> = []
  let status = 200
  let png: Buffer

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = ''
      req.on('data', (c: Buffer) => (text += c.toString()))
      req.on('end', () => resolve(text))
    })

  beforeAll(async () => {
    png = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer()
    server = createServer(async (req, res) => {
      const body = JSON.parse(await read(req)) as Record<string, unknown>
      seen.push({ url: req.url ?? '', auth: req.headers.authorization, body })
      res.statusCode = status
      res.setHeader('content-type', 'application/json')
      if (status !== 200) return res.end('{"error":"busy"}')
      if (req.url === '/v1/images/generations')
        res.end(JSON.stringify({ data: [{ b64_json: png.toString('base64') }] }))
      else res.end(JSON.stringify({ images: [png.toString('base64')] }))
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))

  const request = {
    prompt: '红色狐狸',
    negativePrompt: '模糊',
    style: 'anime',
    width: 768,
    height: 1024,
    seed: 9,
    signal: new AbortController().signal,
  }

  it('OpenAI-compatible: POST /v1/images/generations with the key, model and size', async () => {
    const out = await openAiProvider({ baseUrl: base, apiKey: 'sk-1', model: 'img-1' }).generate(request)
    expect(out.equals(png)).toBe(true)
    expect(seen.at(-1)).toMatchObject({
      url: '/v1/images/generations',
      auth: 'Bearer sk-1',
      body: { model: 'img-1', n: 1, size: '768x1024', response_format: 'b64_json' },
    })
    expect(seen.at(-1)!.body.prompt).toBe('红色狐狸, anime style. Avoid: 模糊')
  })

  it('SD WebUI: POST /sdapi/v1/txt2img with seed, size, negative prompt, checkpoint and basic auth', async () => {
    const out = await sdWebUiProvider({ baseUrl: base, apiKey: 'u:p', model: 'sdxl' }).generate(request)
    expect(out.equals(png)).toBe(true)
    expect(seen.at(-1)).toMatchObject({
      url: '/sdapi/v1/txt2img',
      auth: `Basic ${Buffer.from('u:p').toString('base64')}`,
      body: {
        negative_prompt: '模糊',
        width: 768,
        height: 1024,
        seed: 9,
        override_settings: { sd_model_checkpoint: 'sdxl' },
      },
    })
  })

  it('5xx and 429 are retryable, 400 is not; chosen by configuration', async () => {
    status = 503
    await expect(sdWebUiProvider({ baseUrl: base }).generate(request)).rejects.toMatchObject({
      retryable: true,
    })
    status = 400
    const err = await openAiProvider({ baseUrl: base })
      .generate(request)
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ProviderError)
    expect((err as ProviderError).retryable).toBe(false)
    status = 200
    expect(providerFrom({ provider: 'off' })).toBeNull()
    expect(providerFrom({ provider: 'sdwebui', baseUrl: base })?.name).toBe('sdwebui')
    expect(() => providerFrom({ provider: 'openai' })).toThrow(/AI_BASE_URL/)
  })
})
