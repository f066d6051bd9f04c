/**
 * Multipart uploads (images, batch files): one file and a few text fields per request. The file is
 * read into memory only up to its limit; past it busboy discards the rest of the stream (nothing more
 * is buffered) and the caller answers a Chinese code-400 message once the request has been drained,
 * so the client receives the answer instead of a reset connection.
 */
import fastifyMultipart from '@fastify/multipart'
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify'
import { badRequest } from '../http/errors'

export interface UploadedFile {
  fieldname: string
  filename: string
  mimetype: string
  buffer: Buffer
}

export interface MultipartResult {
  fields: Record<string, string>
  /** the first file */
  file: UploadedFile | null
  /** every file read (more than one only with `maxFiles`) */
  files: UploadedFile[]
  /** a file went past maxFileBytes (its content is then empty) */
  tooLarge: boolean
  /** the field names of the files that went past it */
  oversized: string[]
}

const BAD_MULTIPART = '上传内容格式不正确，请重新选择文件'

/** Registers the multipart parser in the calling (encapsulated) plugin. */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(fastifyMultipart, { throwFileSizeLimit: false })
}

export async function readMultipart(
  request: FastifyRequest,
  /** maxFileBytes is per file; maxFiles (default 1) files at most */
  opts: { maxFileBytes: number; missingFileMessage: string; maxFiles?: number },
): Promise<MultipartResult> {
  if (!request.isMultipart()) throw badRequest(opts.missingFileMessage)
  const result: MultipartResult = { fields: {}, file: null, files: [], tooLarge: false, oversized: [] }
  const maxFiles = opts.maxFiles ?? 1
  try {
    const parts = request.parts({
      limits: {
        fileSize: opts.maxFileBytes,
        files: maxFiles,
        fields: 10,
        fieldSize: 1000,
        parts: 11 + maxFiles,
      },
    })
    for await (const part of parts) {
      if (part.type === 'field') {
        result.fields[part.fieldname] = String(part.value)
        continue
      }
      const chunks: Buffer[] = []
      for await (const chunk of part.file) {
        if (!part.file.truncated) chunks.push(chunk as Buffer)
      }
      if (part.file.truncated) {
        result.tooLarge = true
        result.oversized.push(part.fieldname)
        continue
      }
      result.files.push({
        fieldname: part.fieldname,
        filename: part.filename,
        mimetype: part.mimetype,
        buffer: Buffer.concat(chunks),
      })
      result.file ??= result.files[0]!
    }
  } catch (err) {
    request.log.info({ err }, 'multipart refused')
    throw badRequest(BAD_MULTIPART)
  }
  if (!result.file && !result.tooLarge) throw badRequest(opts.missingFileMessage)
  return result
}

/** A route plugin with the multipart parser in its own scope (the upload routes' modules). */
export function withMultipart<O extends object>(plugin: FastifyPluginAsync<O>): FastifyPluginAsync<O> {
  return async (app, options) => {
    await registerMultipart(app)
    await app.register(plugin, options)
  }
}
