import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { AI, AI_STAFF, type AiJob, type AiOptions, type AiWork } from '@shared/api/ai'
import { logIn, logOut } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import AiWorksStaffPage from '../staff/pages/AiWorks'
import AiCreatePage from './CreatePage'
import AiGalleryPage from './GalleryPage'

const OPTIONS: AiOptions = {
  styles: [
    { value: 'anime', label: '二次元' },
    { value: 'ink', label: '水墨国风' },
  ],
  sizes: [
    { key: 'square', label: '方形头像 1:1', width: 1024, height: 1024 },
    { key: 'cover', label: '封面 16:9', width: 1280, height: 720 },
    { key: 'poster', label: '海报 3:4', width: 768, height: 1024 },
  ],
  dailyQuota: 20,
  usedToday: 3,
  maxConcurrent: 2,
  provider: { name: '沙箱', sandbox: true },
}

const work = (workId: number, patch: Partial<AiWork> = {}): AiWork => ({
  workId,
  jobId: 1,
  url: `/api/goods/image/file/${'a'.repeat(32)}.jpg`,
  thumbUrl: `/api/goods/image/file/${'a'.repeat(32)}_t.jpg`,
  width: 1024,
  height: 1024,
  prompt: `雪山狐狸 ${workId}`,
  negativePrompt: '',
  style: 'anime',
  styleLabel: '二次元',
  size: 'square',
  seed: 7,
  authorId: 2,
  authorName: '卖家老李',
  published: true,
  publishedAt: 1_717_000_000_000,
  hidden: false,
  hiddenReason: null,
  likeCount: 3,
  favouriteCount: 1,
  liked: false,
  favourited: false,
  createdAt: 1_717_000_000_000,
  ...patch,
})

const job = (jobId: number, patch: Partial<AiJob> = {}): AiJob => ({
  jobId,
  status: 'running',
  progress: 40,
  prompt: `任务 ${jobId}`,
  negativePrompt: '',
  style: 'anime',
  size: 'square',
  count: 1,
  seed: 7,
  attempts: 1,
  error: null,
  createdAt: 1_717_000_000_000,
  startedAt: 1_717_000_000_000,
  finishedAt: null,
  works: [],
  ...patch,
})

let server: FakeServer
beforeEach(() => {
  server = fakeServer()
    .on(AI.options, OPTIONS)
    .on(AI.jobs, {
      rows: [job(2), job(1, { status: 'succeeded', progress: 100, works: [work(9)] })],
      total: 2,
    })
    .on(AI.create, job(3, { status: 'queued', progress: 0 }))
    .on(AI.gallery, { rows: [work(9), work(10)], total: 2 })
    .on(AI.detail, work(9))
    .on(AI.like, { likeCount: 4, liked: true })
    .on(AI_STAFF.works, { rows: [work(9)], total: 1 })
    .on(AI_STAFF.hide, undefined)
    .on(AI_STAFF.words, { rows: [{ wordId: 1, word: '外挂', createdAt: 1_717_000_000_000 }], total: 1 })
})
afterEach(() => server.restore())

describe('/ai/aiDraw.html', () => {
  it('shows the quota, live progress and results, and queues a job with the chosen presets', async () => {
    logIn()
    renderPage(<AiCreatePage />, { url: '/ai/aiDraw.html' })
    expect(await screen.findByText(/已用 3 张，剩余 17 张/)).toBeTruthy()
    const running = (await screen.findByText('任务 2')).closest('[data-testid="ai-job"]') as HTMLElement
    expect(within(running).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40')
    const done = screen.getByText('任务 1').closest('[data-testid="ai-job"]') as HTMLElement
    expect(within(done).getByRole('button', { name: '设为头像' })).toBeTruthy()
    expect(within(done).getByRole('button', { name: '用作商品封面' })).toBeTruthy()

    fireEvent.change(screen.getByLabelText('画面描述'), { target: { value: '  水墨山水  ' } })
    fireEvent.click(screen.getByText('水墨国风'))
    fireEvent.click(screen.getByText('封面 16:9'))
    fireEvent.click(screen.getByText('3'))
    fireEvent.click(screen.getByText('固定'))
    fireEvent.change(await screen.findByPlaceholderText('0 ~ 2147483647'), { target: { value: '42' } })
    fireEvent.click(screen.getByRole('button', { name: '开始生成' }))
    await waitFor(() => expect(server.callsTo(AI.create)).toHaveLength(1))
    expect(server.callsTo(AI.create)[0]!.body).toEqual({
      prompt: '水墨山水',
      negativePrompt: '',
      style: 'ink',
      size: 'cover',
      count: 3,
      seed: 42,
    })
  })
})

describe('/ai/aiDrawList.html', () => {
  it('a visitor is asked to log in before liking; a user likes', async () => {
    logOut()
    renderPage(<AiGalleryPage />, { url: '/ai/aiDrawList.html' })
    fireEvent.click((await screen.findAllByRole('button', { name: /查看作品/ }))[0]!)
    fireEvent.click(await screen.findByRole('button', { name: /点赞/ }))
    expect(await screen.findByText('请先登录！')).toBeTruthy()
    expect(server.callsTo(AI.like)).toHaveLength(0)
    expect(server.callsTo(AI.gallery)[0]!.query).toEqual({ sort: 'new', pageNum: 1, pageSize: 24 })
  })

  it('a logged-in user likes a work from its detail', async () => {
    logIn()
    renderPage(<AiGalleryPage />, { url: '/ai/aiDrawList.html?sort=hot&style=ink' })
    fireEvent.click((await screen.findAllByRole('button', { name: /查看作品/ }))[0]!)
    const detail = await screen.findByTestId('ai-work-detail')
    expect(within(detail).getByText('卖家老李')).toBeTruthy()
    fireEvent.click(within(detail).getByRole('button', { name: /点赞/ }))
    await waitFor(() => expect(server.callsTo(AI.like)).toHaveLength(1))
    expect(server.callsTo(AI.like)[0]!.body).toEqual({ workId: 9, on: true })
    expect(server.callsTo(AI.gallery)[0]!.query).toEqual({
      sort: 'hot',
      style: 'ink',
      pageNum: 1,
      pageSize: 24,
    })
  })
})

describe('console: AI 作品管理', () => {
  it('hides a work with a reason', async () => {
    logIn()
    renderPage(<AiWorksStaffPage />, { url: '/admin/ai' })
    const row = (await screen.findByText('雪山狐狸 9')).closest('tr') as HTMLElement
    fireEvent.click(within(row).getByRole('button', { name: '隐藏' }))
    fireEvent.change(await screen.findByLabelText('隐藏原因'), { target: { value: '不适宜' } })
    fireEvent.click(screen.getByRole('button', { name: '隐 藏' }))
    await waitFor(() => expect(server.callsTo(AI_STAFF.hide)).toHaveLength(1))
    expect(server.callsTo(AI_STAFF.hide)[0]!.body).toEqual({ workId: 9, reason: '不适宜' })
  })
})

describe('use as listing cover', () => {
  it('hands the listing image to the publish form once', async () => {
    const { leaveAiCover, takeAiCover } = await import('./cover-handoff')
    const image = {
      imageId: 'b'.repeat(32),
      url: '/u.jpg',
      mediumUrl: '/m.jpg',
      thumbUrl: '/t.jpg',
      width: 100,
      height: 100,
    }
    leaveAiCover(image)
    expect(takeAiCover()).toEqual([image])
    expect(takeAiCover()).toEqual([])
    sessionStorage.setItem('ai.listingCover', '{"imageId":"../x"}')
    expect(takeAiCover()).toEqual([])
  })
})
