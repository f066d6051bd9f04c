import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { IMAGE } from '@shared/api/image'
import { IMAGE_C, logIn } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { TestProviders } from '@renderer/testing/render-page'
import { ImageUploader } from './ImageUploader'
import type { ShotFile } from './publish-form'

let server: FakeServer
afterEach(() => server.restore())

function Controlled({ onChange }: { onChange: (list: ShotFile[]) => void }) {
  const [list, setList] = useState<ShotFile[]>([])
  return (
    <ImageUploader
      value={list}
      onChange={(next) => {
        setList(next)
        onChange(next)
      }}
    />
  )
}

function renderUploader() {
  const onChange = vi.fn<(list: ShotFile[]) => void>()
  render(
    <TestProviders>
      <Controlled onChange={onChange} />
    </TestProviders>,
  )
  return { onChange, input: document.querySelector('.shots input[type="file"]') as HTMLInputElement }
}

describe('screenshot uploader', () => {
  it('refuses a picked file that is not an image before uploading it', async () => {
    server = fakeServer().on(IMAGE.upload, IMAGE_C)
    const { input, onChange } = renderUploader()
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } })
    expect(await screen.findByText('“notes.txt”不是 JPG、PNG 或 WebP 图片')).toBeTruthy()
    expect(server.callsTo(IMAGE.upload)).toHaveLength(0)
    expect(onChange.mock.calls.flatMap(([list]) => list)).toHaveLength(0)
  })

  it('uploads a picture through the request layer, with the login', async () => {
    logIn()
    server = fakeServer().on(IMAGE.upload, IMAGE_C)
    const { input, onChange } = renderUploader()
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(68)], 'a.png', { type: 'image/png' })] },
    })
    await waitFor(() => expect(server.callsTo(IMAGE.upload)).toHaveLength(1))
    const upload = server.callsTo(IMAGE.upload)[0]!
    expect((upload.config.data as FormData).get('file')).toBeInstanceOf(File)
    expect(upload.config.headers.Authorization).toBe('Bearer tk')
    await waitFor(() =>
      expect(onChange.mock.calls.at(-1)?.[0][0]).toMatchObject({ status: 'done', response: IMAGE_C }),
    )
    expect(await screen.findByText('封面')).toBeTruthy()
  })
})
