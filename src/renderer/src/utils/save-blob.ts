/**
 * Save a file fetched through the request layer (so it carried the Authorization header): an object
 * URL and a temporary download anchor — works in the browser and in the desktop shell alike.
 * A JSON answer in place of the file is the server refusing: its `msg` is thrown as an Error.
 */
export async function ensureFileBlob(blob: Blob, fallbackMessage = '下载失败，请稍后再试'): Promise<Blob> {
  if (!/json/i.test(blob.type)) return blob
  let message = fallbackMessage
  try {
    const body = JSON.parse(await blob.text()) as { code?: unknown; msg?: unknown }
    if (body && Number(body.code ?? 200) === 200) return blob
    if (typeof body?.msg === 'string' && body.msg) message = body.msg
  } catch {
    // not JSON after all: a file
    return blob
  }
  throw new Error(message)
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = fileName
  anchor.rel = 'noopener'
  anchor.style.display = 'none'
  document.body.appendChild(anchor)
  anchor.click()
  anchor.remove()
  // give the browser time to start the download before the URL goes away
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
}
