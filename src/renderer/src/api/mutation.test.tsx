import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { useQuery, type QueryKey, type UseMutationResult } from '@tanstack/react-query'
import { FOLLOW } from '@shared/api/follow'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { call } from './client'
import type { RequestOptions } from './http'
import { useChangeMutation, type ChangeOptions } from './mutation'

let server: FakeServer | undefined
afterEach(() => server?.restore())

const KEY: QueryKey = ['mutation-test']
let fetched = 0

const follow = (request?: RequestOptions) => (goodsId: number) =>
  call(FOLLOW.follow, { body: { goodsId } }, request)

/** A page with one query under KEY and one change, whose failure it shows with ErrorAlert. */
function Page({ request, change }: { request?: RequestOptions; change: ChangeOptions<number, void> }) {
  return <Change mutation={useChangeMutation(follow(request), change)} />
}

/** The same with the positional form (fn, keys, done). */
function PositionalPage() {
  return <Change mutation={useChangeMutation(follow(), [KEY], '已关注')} />
}

function Change({ mutation }: { mutation: UseMutationResult<void, Error, number> }) {
  useQuery({ queryKey: KEY, queryFn: () => ++fetched })
  return (
    <>
      <ErrorAlert error={mutation.error} fallback="关注失败" />
      <button onClick={() => mutation.mutate(7)}>关注</button>
      <span>{mutation.status}</span>
    </>
  )
}

const alerts = (container: HTMLElement) => container.querySelectorAll('.ant-alert')

async function clickAndSettle(status: 'success' | 'error') {
  fireEvent.click(screen.getByRole('button', { name: '关注' }))
  await screen.findByText(status)
}

describe('useChangeMutation and ErrorAlert: a failure is shown once', () => {
  it("errors: 'global' (default): a failure the request layer left to the caller becomes one toast, not also the page's alert", async () => {
    server = fakeServer().fail(FOLLOW.follow, 400, '商品已下架')
    const { container } = renderPage(<Page request={{ errors: 'caller' }} change={{ keys: [KEY] }} />)
    await clickAndSettle('error')
    expect(await screen.findByText('商品已下架')).toBeTruthy()
    expect(screen.getAllByText('商品已下架')).toHaveLength(1)
    expect(alerts(container)).toHaveLength(0)
  })

  it("errors: 'caller': the page shows the failure and nothing toasts", async () => {
    server = fakeServer().fail(FOLLOW.follow, 400, '商品已下架')
    const { container } = renderPage(<Page request={{ errors: 'caller' }} change={{ errors: 'caller' }} />)
    await clickAndSettle('error')
    expect(alerts(container)).toHaveLength(1)
    expect(alerts(container)[0]!.textContent).toContain('商品已下架')
    // the toast would be a second element with the text
    expect(screen.getAllByText('商品已下架')).toHaveLength(1)
  })

  it("a failure the request layer toasted is not repeated by the helper or the page's alert", async () => {
    server = fakeServer().fail(FOLLOW.follow, 403, '不能关注')
    const { container } = renderPage(<Page change={{ errors: 'caller' }} />)
    await clickAndSettle('error')
    expect(await screen.findByText('当前操作没有权限')).toBeTruthy()
    expect(screen.queryByText('不能关注')).toBeNull()
    expect(alerts(container)).toHaveLength(0)
  })
})

describe('useChangeMutation: success', () => {
  it('says `done` and refetches the queries under `keys` (options form)', async () => {
    server = fakeServer().on(FOLLOW.follow, undefined)
    fetched = 0
    renderPage(<Page change={{ keys: [KEY], done: '关注成功' }} />)
    await waitFor(() => expect(fetched).toBe(1))
    await clickAndSettle('success')
    expect(await screen.findByText('关注成功')).toBeTruthy()
    expect(fetched).toBe(2)
  })

  it('keeps the positional form (fn, keys, done)', async () => {
    server = fakeServer().on(FOLLOW.follow, undefined)
    fetched = 0
    renderPage(<PositionalPage />)
    await waitFor(() => expect(fetched).toBe(1))
    await clickAndSettle('success')
    expect(await screen.findByText('已关注')).toBeTruthy()
    expect(fetched).toBe(2)
  })

  it('runs onSuccess with the answer and the input, and keys may depend on them', async () => {
    server = fakeServer().on(FOLLOW.follow, undefined)
    fetched = 0
    const seen: unknown[] = []
    renderPage(
      <Page
        change={{
          onSuccess: (result, input) => void seen.push(result, input),
          keys: (_result, input) => (input === 7 ? [KEY] : []),
        }}
      />,
    )
    await waitFor(() => expect(fetched).toBe(1))
    await clickAndSettle('success')
    expect(seen).toEqual([undefined, 7])
    expect(fetched).toBe(2)
  })
})
